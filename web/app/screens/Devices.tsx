// Counting devices, for a manager whose token may issue tokens (the tokens scope): issue a
// device's token with an expiry and what it may do (by default count only: it sees no stock), shown once as a sign-in link and its QR code (scanned by the
// device's camera, it opens the app signed in), and the account's tokens, to revoke a lost one.
import { useEffect, useRef, useState, type FormEvent } from "react";
import QRCode from "qrcode";
import { useMutation, useQuery } from "urql";
import { useSession } from "../session-context.js";
import { onlyThisComputer, publicAddress } from "../public-url.js";
import { messageFor, problemOf, type Problem } from "../errors.js";
import { graphql } from "../gql/index.js";

const Tokens = graphql(`
  query Tokens {
    apiTokens(first: 100) {
      edges {
        node {
          id
          name
          scopes
          createdAt
          expiresAt
          revokedAt
          lastUsedAt
        }
      }
    }
  }
`);

const IssueToken = graphql(`
  mutation IssueToken($input: CreateApiTokenInput!) {
    createApiToken(input: $input) {
      token
      apiToken {
        id
        name
        expiresAt
      }
      userErrors {
        code
        message
      }
    }
  }
`);

const RevokeToken = graphql(`
  mutation RevokeToken($input: RevokeApiTokenInput!) {
    revokeApiToken(input: $input) {
      apiToken {
        id
        revokedAt
      }
      userErrors {
        code
        message
      }
    }
  }
`);

/** What a device's token may do, least first: counting only unless the manager asks for more. */
const KINDS = [
  {
    id: "count",
    label: "Count only: sees no stock levels",
    scopes: ["COUNT"],
  },
  {
    id: "read",
    label: "Count and look up stock (on hand, movements)",
    scopes: ["READ", "COUNT"],
  },
  {
    id: "approve",
    label: "Count, look up, review and reconcile",
    scopes: ["READ", "COUNT", "APPROVE"],
  },
] as const;

type Kind = (typeof KINDS)[number]["id"];

const when = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" }) : "";

/** Where a problem is shown: under the field, the issue button, or the list of tokens. */
type ProblemAt = "name" | "hours" | "issue" | "tokens";

export function Devices() {
  const [{ data, error }, refetch] = useQuery({ query: Tokens });
  const [, issue] = useMutation(IssueToken);
  const [, revoke] = useMutation(RevokeToken);
  const [name, setName] = useState("");
  const [hours, setHours] = useState("12");
  const [kind, setKind] = useState<Kind>("count");
  /** What went wrong, and where it is shown: under the field or the action it concerns. */
  const [problem, setProblem] = useState<(Problem & { at: ProblemAt }) | null>(null);
  const problemLine = useRef<HTMLParagraphElement>(null);
  const [issued, setIssued] = useState<{
    tokenId: number;
    name: string;
    link: string;
    expiresAt: string;
  } | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The token whose revocation waits for the manager's confirmation. */
  const [revoking, setRevoking] = useState<{ id: number; name: string } | null>(null);
  const confirmation = useRef<HTMLDialogElement>(null);

  // A problem is drawn where it arose, which may be off a phone's screen: it is brought into view.
  useEffect(() => {
    problemLine.current?.scrollIntoView({ block: "nearest" });
  }, [problem]);

  useEffect(() => {
    if (!issued) return setQr(null);
    void QRCode.toDataURL(issued.link, { margin: 2, width: 240 }).then(setQr);
  }, [issued]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const valid = Number(hours);
    if (!name.trim()) {
      return setProblem({ code: "INVALID_PARAMETER", message: "Name the device.", at: "name" });
    }
    if (!Number.isInteger(valid) || valid < 1 || valid > 366 * 24) {
      return setProblem({
        code: "INVALID_PARAMETER",
        message: "A token is valid for 1 hour to 366 days (8784 hours).",
        at: "hours",
      });
    }
    setBusy(true);
    setProblem(null);
    const result = await issue({
      input: {
        name: name.trim(),
        scopes: [...KINDS.find((k) => k.id === kind)!.scopes],
        expiresAt: new Date(Date.now() + valid * 3600_000).toISOString(),
      },
    });
    setBusy(false);
    if (result.error) return setProblem({ ...problemOf(result.error), at: "issue" });
    const payload = result.data!.createApiToken;
    const refused = payload.userErrors[0];
    if (refused) {
      const message = messageFor(refused.code, refused.message);
      return setProblem({ code: refused.code, message, at: "issue" });
    }
    const link = `${publicAddress()}/app/#token=${payload.token}`;
    setIssued({
      tokenId: payload.apiToken!.id,
      name: payload.apiToken!.name,
      link,
      expiresAt: payload.apiToken!.expiresAt!,
    });
    setName("");
    refetch({ requestPolicy: "network-only" });
  }

  function askToRevoke(token: { id: number; name: string }) {
    setRevoking(token);
    confirmation.current?.showModal();
  }

  async function revokeOne(id: number) {
    setBusy(true);
    const result = await revoke({ input: { id } });
    setBusy(false);
    confirmation.current?.close();
    setRevoking(null);
    if (result.error) return setProblem({ ...problemOf(result.error), at: "tokens" });
    const refused = result.data?.revokeApiToken.userErrors[0];
    if (refused) {
      const message = messageFor(refused.code, refused.message);
      return setProblem({ code: refused.code, message, at: "tokens" });
    }
    // A revoked device's sign-in link no longer works: it is not left on the screen.
    if (issued?.tokenId === id) setIssued(null);
    refetch({ requestPolicy: "network-only" });
  }

  const loadProblem = error ? problemOf(error) : null;
  const problemAt = (at: ProblemAt) =>
    problem?.at === at ? (
      <p ref={problemLine} id={`${at}-problem`} role="alert" className="problem">
        {problem.message}
      </p>
    ) : null;
  const describedBy = (at: ProblemAt) => (problem?.at === at ? `${at}-problem` : undefined);
  const tokens = data?.apiTokens.edges.map((e) => e.node) ?? [];
  /** The signed-in token: marked, and never offered for revoking from itself. */
  const ownId = useSession().viewer?.token.id;
  return (
    <section aria-labelledby="devices-title">
      <h1 id="devices-title">Counting devices</h1>
      {loadProblem ? (
        <p role="alert" className="problem">
          {loadProblem.message}
        </p>
      ) : (
        <>
          <form className="card" onSubmit={submit} noValidate>
            <h2>Sign a device in</h2>
            <label htmlFor="device-name">Device name</label>
            <input
              id="device-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={problem?.at === "name" || undefined}
              aria-describedby={describedBy("name")}
            />
            {problemAt("name")}
            <label htmlFor="device-hours">Valid for (hours)</label>
            <input
              id="device-hours"
              inputMode="numeric"
              value={hours}
              onChange={(e) => setHours(e.target.value)}
              aria-invalid={problem?.at === "hours" || undefined}
              aria-describedby={describedBy("hours")}
            />
            {problemAt("hours")}
            <fieldset className="kinds">
              <legend>The device may</legend>
              {KINDS.map((k) => (
                <label className="check" key={k.id}>
                  <input
                    type="radio"
                    name="device-kind"
                    value={k.id}
                    checked={kind === k.id}
                    onChange={() => setKind(k.id)}
                  />
                  {k.label}
                </label>
              ))}
            </fieldset>
            <button type="submit" disabled={busy}>
              Issue token
            </button>
            {problemAt("issue")}
          </form>
          {issued && (
            <div className="card issued">
              <h2>Sign-in link for {issued.name}</h2>
              <p>
                Open it on the device, or scan the code with its camera. It is shown only now, and
                works until {when(issued.expiresAt)}.
              </p>
              {onlyThisComputer(issued.link) && (
                <p className="problem" role="note">
                  This link points at this computer (localhost): a phone cannot open it. Serve
                  Countpoint on the network and set PUBLIC_URL to its address there (see the guide),
                  then issue the device a new token.
                </p>
              )}
              {qr && <img src={qr} alt={`QR code of the sign-in link for ${issued.name}`} />}
              <label htmlFor="issued-link">Sign-in link</label>
              <input
                id="issued-link"
                readOnly
                value={issued.link}
                onFocus={(e) => e.target.select()}
              />
            </div>
          )}
          <h2>Tokens of the account</h2>
          {problemAt("tokens")}
          <ul className="cards">
            {tokens.map((t) => (
              <li key={t.id} className="card">
                <h3>
                  {t.name}
                  {t.id === ownId && <span className="badge"> this sign-in</span>}
                </h3>
                <p className="meta">
                  {t.scopes.map((s) => s.toLowerCase()).join(", ")} ·{" "}
                  {t.revokedAt
                    ? `revoked ${when(t.revokedAt)}`
                    : t.expiresAt
                      ? `until ${when(t.expiresAt)}`
                      : "never expires"}
                  {t.lastUsedAt ? ` · last used ${when(t.lastUsedAt)}` : ""}
                </p>
                {t.id === ownId ? (
                  <p className="meta">Sign out to stop using it here.</p>
                ) : (
                  !t.revokedAt && (
                    <button
                      type="button"
                      className="secondary"
                      disabled={busy}
                      onClick={() => askToRevoke(t)}
                      aria-label={`Revoke ${t.name}`}
                    >
                      Revoke
                    </button>
                  )
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <dialog ref={confirmation} aria-labelledby="revoke-title" className="card">
        <h2 id="revoke-title">Revoke {revoking?.name}?</h2>
        <p>
          A device signed in with this token stops working at once. This cannot be undone: the
          device needs a new sign-in link.
        </p>
        <div className="actions">
          <button
            type="button"
            disabled={busy}
            onClick={() => revoking && void revokeOne(revoking.id)}
          >
            Revoke {revoking?.name}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              confirmation.current?.close();
              setRevoking(null);
            }}
          >
            Keep it
          </button>
        </div>
      </dialog>
    </section>
  );
}
