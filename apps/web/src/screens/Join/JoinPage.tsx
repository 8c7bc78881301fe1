import { useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { Button, Container, Stack, Text, TextInput, Title } from "@mantine/core";
import { GuestJoinInputSchema, type GuestJoinResult } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { useSingleFlight } from "../../lib/singleFlight";
import { guestPassFor, normalCode, saveGuestPass } from "./guestPass";
import { GuestNameInput } from "./GuestNameInput";
import { withBase } from "../../lib/basePath";
import { useT } from "../../lib/i18n";
import { nightMessages } from "../MeetingNight/nightMessages";

/**
 * /join: a guest at the table types the code on the host's screen (or arrives from its
 * QR code, the code filled in), a first name and whose guest they are, and gets a guest pass for
 * that night: the guest night page.
 */
export default function JoinPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const t = useT(nightMessages);
  const [code, setCode] = useState(params.get("code") ?? "");
  const [firstName, setFirstName] = useState("");
  const [guestOf, setGuestOf] = useState("");
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = {
    code,
    firstName,
    guestOf: guestOf.trim() === "" ? null : guestOf,
    email: email.trim() === "" ? null : email,
  };
  const check = GuestJoinInputSchema.safeParse(input);
  const once = useSingleFlight();
  // This phone joined with this code already: it is the same guest, back at the table.
  const resumed = params.get("code") ? guestPassFor(params.get("code")!) : null;

  async function join() {
    setError(null);
    setBusy(true);
    try {
      const res = await fetch(withBase("/api/Guests/Join"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(input),
      });
      const body = (await res.json()) as GuestJoinResult & { error?: { message: string } };
      if (!res.ok) {
        setError(body.error?.message ?? t("join.failed"));
        return;
      }
      saveGuestPass({ ...body, firstName: firstName.trim(), code: normalCode(code) });
      void navigate(`/guest/${body.meetingId}`);
    } catch {
      setError(t("join.offline"));
    } finally {
      setBusy(false);
    }
  }

  if (resumed) return <Navigate to={`/guest/${resumed.meetingId}`} replace />;
  const typedAgain = guestPassFor(code);

  return (
    <Container size={420} py="xl">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (typedAgain) void navigate(`/guest/${typedAgain.meetingId}`);
          else if (check.success) once(join);
        }}
      >
        <Stack gap="md">
          <Title order={1} size="h2">
            {t("join.title")}
          </Title>
          <Text c="dimmed">{t("join.intro")}</Text>
          <TextInput
            label={t("join.code")}
            description={t("join.codeHint")}
            size="md"
            autoCapitalize="characters"
            autoComplete="off"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            required
          />
          <GuestNameInput
            label={t("join.firstName")}
            size="md"
            autoComplete="given-name"
            value={firstName}
            onChange={setFirstName}
            required
            data-autofocus
          />
          <GuestNameInput
            label={t("join.guestOf")}
            description={t("join.guestOfHint")}
            size="md"
            value={guestOf}
            onChange={setGuestOf}
          />
          <TextInput
            type="email"
            label={t("join.email")}
            description={t("join.emailHint")}
            size="md"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          {error ? <ErrorAlert message={error} /> : null}
          <Button type="submit" size="md" disabled={!check.success} loading={busy}>
            {t("join.submit")}
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
