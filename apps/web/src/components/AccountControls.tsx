import { useMutation } from "@tanstack/react-query";
import { Link, NavLink, useLocation, useNavigate } from "react-router-dom";
import { appSession, authApi, useSession } from "../lib/appSession";
import { loginPath, nextFromLocation } from "../lib/loginRedirect";
import { useT } from "../lib/i18n";
import { LanguageSelect } from "./LanguageSelect";
import { shellMessages } from "./shellMessages";
import classes from "./AppLayout.module.css";
import buttons from "./buttons.module.css";

/**
 * The header's and the phone menu's account part: a member's welcome, Account (in the phone
 * menu, `vertical`) and Logout; a visitor's Register and Login (which comes back here).
 */
export function AccountControls({ vertical, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useMutation({ mutationFn: authApi.logout });
  const t = useT(shellMessages);

  const onLogout = async () => {
    const refreshToken = session?.refreshToken;
    onNavigate?.();
    if (refreshToken) {
      // Revoke the refresh token server-side; the local session ends either way.
      await logout.mutateAsync(refreshToken).catch((error: unknown) => console.error("Logout failed", error));
    }
    // The cache is reset as the viewer changes (lib/queryClient.ts, resetOnViewerChange).
    appSession.clear();
    void navigate("/");
  };

  const width = vertical ? { "data-full-width": true } : {};
  if (session) {
    return (
      <>
        <p className={classes.welcome} title={session.email ?? undefined}>
          {t("welcome", { email: session.email })}
        </p>
        {vertical ? (
          <NavLink
            to="/account"
            className={`${buttons.button} ${classes.accountLink}`}
            data-variant="subtle"
            {...width}
            onClick={onNavigate}
          >
            {t("account")}
          </NavLink>
        ) : null}
        {vertical ? <LanguageSelect member /> : null}
        <button
          type="button"
          className={buttons.button}
          data-variant="default"
          {...width}
          onClick={onLogout}
          disabled={logout.isPending}
          aria-busy={logout.isPending || undefined}
        >
          {t("logout")}
        </button>
      </>
    );
  }
  return (
    <>
      <Link to="/register" className={buttons.button} data-variant="subtle" {...width} onClick={onNavigate}>
        {t("register")}
      </Link>
      <Link
        to={loginPath({ next: nextFromLocation(location) })}
        className={buttons.button}
        data-variant="filled"
        {...width}
        onClick={onNavigate}
      >
        {t("login")}
      </Link>
    </>
  );
}
