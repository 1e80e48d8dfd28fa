/**
 * A list's rows already written as a JSON array (by PostgreSQL), with how many it holds: a REST
 * body embeds the text as it is, and the list is priced by `length` as an array would be.
 * JSON.stringify of it gives the array, so it reads as one wherever it is serialised as a value.
 */
export class JsonRows {
  constructor(
    readonly json: string,
    readonly length: number,
  ) {}

  toJSON(): unknown {
    return JSON.parse(this.json);
  }
}
