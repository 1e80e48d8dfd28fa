import { exactNumbers } from "../../src/http/json-body.js";

describe("exactNumbers", () => {
  it("leaves a body whose numbers a double holds as it is (the same string, not a copy)", () => {
    const body = '{"on_hand": 12.5, "reason": "found", "note": "1e5 boxes, 1234567890123456789"}';

    expect(exactNumbers(body)).toBe(body);
  });

  it("writes each number a double would round to another quantity as one judged alike", () => {
    const body =
      '{"lines": [{"id": 1, "new_qty": 0.100000000000000000000000000001}, {"id": 2, "new_qty": -1e-400}, {"id": 3, "new_qty": 1e2}]}';

    expect(JSON.parse(exactNumbers(body))).toEqual({
      lines: [
        { id: 1, new_qty: 0.1005 },
        { id: 2, new_qty: -0.0005 },
        { id: 3, new_qty: 100 },
      ],
    });
  });

  it("never touches text inside strings, escaped quotes included", () => {
    const body =
      '{"note": "\\"0.100000000000000000000000000001\\" 1e-400", "new_qty": 0.100000000000000000000000000001}';

    expect(JSON.parse(exactNumbers(body))).toEqual({
      note: '"0.100000000000000000000000000001" 1e-400',
      new_qty: 0.1005,
    });
  });
});
