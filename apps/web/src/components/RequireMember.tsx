import { useRef, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useSession } from "../lib/appSession";
import { loginPath, nextFromLocation } from "../lib/loginRedirect";

/**
 * A member screen: a visitor is sent to /login, and comes back here after logging in. When the
 * session ends while the screen is open (Logout, "Log out everywhere", an expired session) the
 * login form also gets the member's email: this redirect runs after any navigate() of the code that
 * ended the session (the session store updates synchronously, a navigation is a transition), so it
 * is the one place that decides where the member goes.
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const lastEmail = useRef<string | null>(null);
  if (session) {
    lastEmail.current = session.email;
    return children;
  }
  return <Navigate to={loginPath({ next: nextFromLocation(location), email: lastEmail.current })} replace />;
}
