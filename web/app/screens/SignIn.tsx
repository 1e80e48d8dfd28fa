// Signing in: paste a token (or open a sign-in link, which main.tsx reads), checked with the API
// before it is kept.
import { useState, type FormEvent } from "react";
import { makeClient } from "../client.js";
import { problemOf } from "../errors.js";
import { graphql } from "../gql/index.js";

const CheckToken = graphql(`
  query CheckToken {
    stockTakes(first: 1) {
      edges {
        node {
          id
        }
      }
    }
  }
`);

export function SignIn(props: { notice: string | null; onSignedIn(token: string): void }) {
  const [token, setToken] = useState("");
  const [problem, setProblem] = useState<string | null>(props.notice);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = token.trim();
    if (!value) {
      setProblem("Paste the API token your manager gave you.");
      return;
    }
    setBusy(true);
    const { client, close } = makeClient(value);
    const result = await client.query(CheckToken, {}, { requestPolicy: "network-only" });
    close();
    setBusy(false);
    if (result.error) setProblem(problemOf(result.error).message);
    else props.onSignedIn(value);
  }

  return (
    <form className="card sign-in" onSubmit={submit} noValidate>
      <h1>Countpoint</h1>
      <p>Sign in to count and review stock takes.</p>
      <label htmlFor="token">API token</label>
      <input
        id="token"
        name="token"
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={token}
        onChange={(e) => setToken(e.target.value)}
        aria-describedby={problem ? "sign-in-problem" : undefined}
        autoFocus
      />
      <button type="submit" disabled={busy}>
        Sign in
      </button>
      {problem && (
        <p id="sign-in-problem" role="alert" className="problem">
          {problem}
        </p>
      )}
    </form>
  );
}
