import { useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { Button, Container, Stack, Text, TextInput, Title } from "@mantine/core";
import { GuestJoinInputSchema, type GuestJoinResult } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { useSingleFlight } from "../../lib/singleFlight";
import { guestPassFor, normalCode, saveGuestPass } from "./guestPass";
import { GuestNameInput } from "./GuestNameInput";
import { withBase } from "../../lib/basePath";

/**
 * /join: a guest at the table types the code on the host's screen (or arrives from its
 * QR code, the code filled in), a first name and whose guest they are, and gets a guest pass for
 * that night: the guest night page.
 */
export default function JoinPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
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
        setError(body.error?.message ?? "Could not join. Try again.");
        return;
      }
      saveGuestPass({ ...body, firstName: firstName.trim(), code: normalCode(code) });
      void navigate(`/guest/${body.meetingId}`);
    } catch {
      setError("Could not reach the club. Check the connection and try again.");
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
            Join the tasting
          </Title>
          <Text c="dimmed">Score tonight's drams as a guest: no account needed.</Text>
          <TextInput
            label="Code"
            description="The 6 characters on the host's screen"
            size="md"
            autoCapitalize="characters"
            autoComplete="off"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            required
          />
          <GuestNameInput
            label="Your first name"
            size="md"
            autoComplete="given-name"
            value={firstName}
            onChange={setFirstName}
            required
            data-autofocus
          />
          <GuestNameInput
            label="Whose guest are you?"
            description="Optional: the member who brought you"
            size="md"
            value={guestOf}
            onChange={setGuestOf}
          />
          <TextInput
            type="email"
            label="Your email"
            description="Optional: to hear from the club. The host may invite you to become a member."
            size="md"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          {error ? <ErrorAlert message={error} /> : null}
          <Button type="submit" size="md" disabled={!check.success} loading={busy}>
            Join
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
