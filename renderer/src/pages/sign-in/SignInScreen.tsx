// Shown instead of every page when the daemon does not accept this browser (no session, or it ended).
export function SignInScreen() {
  return (
    <main className="sign-in" aria-labelledby="sign-in-title">
      <div className="card sign-in-card">
        <div className="brand brand-large" aria-hidden="true">
          ssg
        </div>
        <h1 id="sign-in-title">Open the dashboard from your terminal</h1>
        <p>
          For your safety the dashboard only opens through a one-time link. Run <code>ssg dashboard</code> in a terminal
          and open the link it prints.
        </p>
        <p className="muted small">
          Links work once and for 60 seconds. Sessions end after 8 hours or when the daemon stops.
        </p>
      </div>
    </main>
  );
}
