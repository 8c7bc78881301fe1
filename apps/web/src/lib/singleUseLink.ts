import { useSearchParams } from "react-router-dom";

/**
 * The token and email of an emailed single-use link (the email confirmation and the password
 * reset, both made by the server's mailSingleUseLink); null where the link lacks one.
 */
export function useSingleUseLink(): { token: string | null; email: string | null } {
  const [params] = useSearchParams();
  return { token: params.get("token"), email: params.get("email") };
}
