// Shown instead of every page when the daemon does not accept this tab (no session, a refused link, or a session
// that ended), with the reason first when there is one.
import { useSession } from '../../stores/session';

export function SignInScreen() {
  const notice = useSession((s) => s.notice);
  return (
    <main className="sign-in" aria-labelledby="sign-in-title">
      <div className="card sign-in-card">
        <div className="brand brand-large" aria-hidden="true">
          ssg
        </div>
        <h1 id="sign-in-title">Open the dashboard from your terminal</h1>
        {notice && <p role="status">{notice}</p>}
        <p>
          For your safety the dashboard only opens through a one-time link. Run <code>ssg dashboard</code> in a terminal
          and open the link it prints.
        </p>
        <p className="muted small">
          Links work once and for 60 seconds. The session stays with this tab, through reloads, and ends when you sign
          out, close the tab, after 8 hours or when the daemon stops. Another tab needs a link of its own.
        </p>
      </div>
    </main>
  );
}
