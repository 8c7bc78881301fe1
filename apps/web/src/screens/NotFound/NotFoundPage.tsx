import { NotFound } from "../../components/status";
import { useTitle } from "../../lib/useTitle";

export default function NotFoundPage() {
  useTitle("Page not found");
  return <NotFound />;
}
