import { NotFound } from "../../components/status";
import { useTitle } from "../../lib/useTitle";
import { useT } from "../../lib/i18n";
import { authPagesMessages } from "../ForgotPassword/authPagesMessages";

export default function NotFoundPage() {
  const t = useT(authPagesMessages);
  useTitle(t("notFound.title"));
  return <NotFound />;
}
