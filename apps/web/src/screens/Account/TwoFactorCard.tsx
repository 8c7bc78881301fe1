import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import {
  Alert,
  Button,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { renderSVG } from "uqr";
import { isAppCode, normaliseCode, TotpMessages, type TotpEnabled, type TotpSetup } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { SectionCard } from "../../components/SectionCard";
import { OnceForm } from "../../components/OnceForm";
import { notify } from "../../lib/notify";
import { serverReason } from "../../lib/serverReason";
import { trpc } from "../../lib/trpc";
import classes from "./Account.module.css";
import { validationText } from "../../lib/validationText";

/** The app's code field: the phone's number pad and its one-time-code suggestion. */
function CodeField({
  label,
  value,
  error,
  onChange,
  numeric = true,
}: {
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  numeric?: boolean;
}) {
  return (
    <TextInput
      label={label}
      inputMode={numeric ? "numeric" : "text"}
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      required
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** The secret as the app shows it to type: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** The recovery codes as a text file to keep. */
function downloadCodes(codes: string[]) {
  const text = `Recovery codes for the whiskey club's two-factor sign-in.\nEach one signs you in once in place of a code from your app.\n\n${codes.join("\n")}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "club-recovery-codes.txt";
  link.click();
  URL.revokeObjectURL(url);
}

/** The ten recovery codes, shown once, with Copy and Download. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Alert color="green" title="Two-factor sign-in is on" role="status">
      <Stack gap="sm">
        <Text size="sm">
          Keep these recovery codes somewhere safe: they are shown only once. Each one signs you in once if
          you lose your phone.
        </Text>
        <ul className={classes.codes} aria-label="Your recovery codes">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <CopyButton value={codes.join("\n")}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? "light" : "default"}
                color={copied ? "green" : undefined}
                onClick={copy}
              >
                {copied ? "Copied" : "Copy codes"}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={() => downloadCodes(codes)}>
            Download codes
          </Button>
        </SimpleGrid>
        <Button onClick={onDone}>I have saved them</Button>
      </Stack>
    </Alert>
  );
}

/** The setup: the QR code and the secret to type, then the app's first code turns it on. */
function SetupSteps({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TotpSetup;
  onEnabled: (answer: TotpEnabled) => void;
  onCancel: () => void;
}) {
  // uqr renders the SVG from the otpauth URL alone (no markup of anyone's in it).
  const svg = useMemo(() => renderSVG(setup.otpauthUrl, { border: 2 }), [setup.otpauthUrl]);
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const enable = trpc.totp.enable.useMutation({ onSuccess: onEnabled });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = normaliseCode(code);
    if (!isAppCode(typed)) return setInvalid(validationText(TotpMessages.codeFormat));
    setInvalid(null);
    enable.mutate({ code: typed });
  };
  return (
    <OnceForm onSubmit={onSubmit}>
      <Stack gap="sm">
        <Text size="sm">
          1. In your authenticator app, add an account by scanning this QR code, or type the secret below.
        </Text>
        <div
          className={classes.qr}
          role="img"
          aria-label="QR code of your two-factor secret"
          dangerouslySetInnerHTML={{ __html: svg }}
        />
        {/* Wrapped on a phone: the whole secret stays in sight to type. */}
        <Textarea
          label="Secret to type"
          value={grouped(setup.secret)}
          readOnly
          autosize
          minRows={1}
          classNames={{ input: classes.secret }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={setup.secret}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? "light" : "default"}
              color={copied ? "green" : undefined}
              onClick={copy}
            >
              {copied ? "Copied" : "Copy secret"}
            </Button>
          )}
        </CopyButton>
        <Text size="sm">2. Enter the 6-digit code the app shows now.</Text>
        {enable.isError ? (
          <ErrorAlert message="Two-factor sign-in is not on yet.">{serverReason(enable.error)}</ErrorAlert>
        ) : null}
        <CodeField label="Code from your app" value={code} error={invalid} onChange={setCode} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={enable.isPending}>
            Turn on
          </Button>
        </Group>
      </Stack>
    </OnceForm>
  );
}

/** Turning it off: a current code of the app, or a recovery code. */
function TurnOff() {
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const disable = trpc.totp.disable.useMutation({
    onSuccess: () => {
      setCode("");
      notify("Two-factor sign-in is off: your password alone signs you in.");
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = normaliseCode(code);
    if (typed.length < 6) return setInvalid(validationText(TotpMessages.codeOrRecoveryFormat));
    setInvalid(null);
    disable.mutate({ code: typed });
  };
  return (
    <OnceForm onSubmit={onSubmit}>
      <Stack gap="sm">
        {disable.isError ? (
          <ErrorAlert message="Two-factor sign-in is still on.">{serverReason(disable.error)}</ErrorAlert>
        ) : null}
        <CodeField
          label="Code from your app, or a recovery code"
          value={code}
          error={invalid}
          onChange={setCode}
          numeric={false}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="default" color="red" loading={disable.isPending}>
            Turn off
          </Button>
        </Group>
      </Stack>
    </OnceForm>
  );
}

/**
 * Two-factor sign-in with an authenticator app: set up (a QR code and the secret to type), turned
 * on with a first code (the ten recovery codes shown once), turned off with a code. When the club
 * requires it of this member, the card says so first, and the page comes here after the login.
 */
export function TwoFactorCard({ focus = false }: { focus?: boolean }) {
  const status = trpc.totp.status.useQuery();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = trpc.totp.setup.useMutation({ onSuccess: setSetup });
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.scrollIntoView({ block: "start" });
  }, [focus]);
  const state = status.data;

  return (
    <div ref={ref}>
      <SectionCard
        id="two-factor-heading"
        title="Two-factor sign-in"
        description="After your password, the login asks for a code from an authenticator app on your phone, so a stolen password alone does not let anyone in."
      >
        {state?.setupRequired && !codes ? (
          <Alert color="amber" role="alert" title="Your club requires it">
            {TotpMessages.required}
          </Alert>
        ) : null}
        {status.isError ? (
          <ErrorAlert message="Your two-factor sign-in could not be loaded." error={status.error} />
        ) : null}
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        ) : setup ? (
          <SetupSteps
            setup={setup}
            onEnabled={(answer) => {
              setSetup(null);
              setCodes(answer.recoveryCodes);
            }}
            onCancel={() => setSetup(null)}
          />
        ) : state?.enabled ? (
          <>
            <Text size="sm" fw={600}>
              On. {state.recoveryCodesLeft} of 10 recovery codes left.
            </Text>
            <TurnOff />
          </>
        ) : state ? (
          <>
            {start.isError ? (
              <ErrorAlert message="The setup did not start.">{serverReason(start.error)}</ErrorAlert>
            ) : null}
            <Group justify="flex-end">
              <Button onClick={() => start.mutate()} loading={start.isPending}>
                Set up two-factor sign-in
              </Button>
            </Group>
          </>
        ) : null}
      </SectionCard>
    </div>
  );
}
