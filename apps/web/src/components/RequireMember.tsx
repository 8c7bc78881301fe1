import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useSession } from "../lib/appSession";
import { loginPath, nextFromLocation } from "../lib/loginRedirect";

/** A member screen: a visitor is sent to /login, and comes back here after logging in. */
export function RequireMember({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginPath({ next: nextFromLocation(location) })} replace />;
  return children;
}
