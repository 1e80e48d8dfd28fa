// Counts kept on the device that the queue does not send now: those another sign-in made (sent
// when it signs in here again) and those the API would not take. Each can be let go.
import type { QueuedCount } from "../queue.js";
import type { CountSender } from "../sending.js";

const whatOf = (count: QueuedCount) => `${count.quantity} × ${count.entity?.name ?? count.code}`;

function LetGo({ count, sender }: { count: QueuedCount; sender: CountSender }) {
  return (
    <button
      type="button"
      className="quiet"
      aria-label={`Let ${whatOf(count)} go`}
      onClick={() => void sender.letGo(count)}
    >
      Let go
    </button>
  );
}

export function KeptCounts({ sender }: { sender: CountSender }) {
  return (
    <>
      {sender.others.length > 0 && (
        <div className="card" aria-labelledby="others-title">
          <h2 id="others-title">Counts made under another sign-in</h2>
          <p>
            Kept on this device and sent only by the token that made them, when it signs in here
            again.
          </p>
          <ul className="refusals">
            {sender.others.map((count) => (
              <li key={count.key}>
                {whatOf(count)}, counted{" "}
                {new Date(count.madeAt).toLocaleString([], {
                  dateStyle: "short",
                  timeStyle: "short",
                })}{" "}
                <LetGo count={count} sender={sender} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {sender.refusals.length > 0 && (
        <div className="card" role="alert">
          <h2>Counts not taken</h2>
          <ul className="refusals">
            {sender.refusals.map(({ count, problem: why }) => (
              <li key={count.key}>
                {whatOf(count)}: {why.message}{" "}
                {/* Only the server's trouble may pass on another try; a refusal would not. */}
                {why.code === "INTERNAL" && (
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Send ${whatOf(count)} again`}
                    onClick={() => void sender.sendAgain(count)}
                  >
                    Send again
                  </button>
                )}{" "}
                <LetGo count={count} sender={sender} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
