// A sign-in link opened while another token is signed in: it replaces that sign-in only when the
// person holding the device says so (a link sent by someone else must not silently take over).
import { useEffect, useRef } from "react";

export function LinkOffer(props: { onAccept(): void; onDecline(): void }) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    first.current?.focus();
    first.current?.scrollIntoView({ block: "nearest" });
  }, []);
  return (
    <div
      className="card offer"
      role="alertdialog"
      aria-labelledby="link-offer-title"
      aria-describedby="link-offer-text"
    >
      <h2 id="link-offer-title">Sign in with this link?</h2>
      <p id="link-offer-text">
        The link carries a different token from the one this device is signed in with. Signing in
        with it replaces that sign-in; counts waiting on this device stay with the token that made
        them.
      </p>
      <div className="actions">
        <button type="button" ref={first} onClick={props.onAccept}>
          Sign in with the link
        </button>
        <button type="button" className="secondary" onClick={props.onDecline}>
          Keep the current sign-in
        </button>
      </div>
    </div>
  );
}
