// Signing in: paste a token (or open a sign-in link, which main.tsx reads), checked with the API
// (its viewer: what the token is) before it is kept. What went wrong is said as it is: not a
// token at all, a token cut short, a token the API does not know, one that expired.
import { useState, type FormEvent } from "react";
import { makeClient } from "../client.js";
import { problemOf } from "../errors.js";
import { fetchViewer, type Viewer } from "../viewer.js";

/** Every token starts so (src/auth/tokens.ts: cp_<account>_<secret>). */
const PREFIX = "cp_";
/** The shortest whole token: the prefix, an account, "_" and its 32-character secret. */
const SHORTEST = PREFIX.length + 1 + 1 + 32;

/** What is wrong with the text before the API is asked; null: it may be a token. */
function shapeProblem(value: string): string | null {
  if (!value) return "Paste the API token your manager gave you.";
  if (!value.startsWith(PREFIX)) {
    return `That is not a Countpoint token: a token starts with ${PREFIX}. Copy it again, or open the sign-in link your manager sent.`;
  }
  if (/\s/.test(value) || value.length < SHORTEST) {
    return "That token looks cut short or broken: copy it again, whole, on one line.";
  }
  return null;
}

const UNKNOWN =
  "Countpoint does not know this token: check it was copied whole, or ask your manager for a new one (it may have been revoked).";

export function SignIn(props: {
  notice: string | null;
  onSignedIn(token: string, viewer: Viewer): void;
}) {
  const [token, setToken] = useState("");
  const [problem, setProblem] = useState<string | null>(props.notice);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = token.trim();
    const shape = shapeProblem(value);
    if (shape) {
      setProblem(shape);
      return;
    }
    setBusy(true);
    const { client, close } = makeClient(value);
    const result = await fetchViewer(client);
    close();
    setBusy(false);
    if (result.data) return props.onSignedIn(value, result.data.viewer);
    const problem = result.error ? problemOf(result.error) : null;
    if (problem?.code === "UNAUTHENTICATED" && !problem.expired) {
      setProblem(UNKNOWN);
    } else setProblem(problem?.message ?? UNKNOWN);
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
