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
import { isAppCode, normaliseCode, type TotpEnabled, type TotpSetup } from "@club/shared";
import { ErrorAlert } from "../../components/status";
import { SectionCard } from "../../components/SectionCard";
import { OnceForm } from "../../components/OnceForm";
import { notify } from "../../lib/notify";
import { serverReason } from "../../lib/serverReason";
import { trpc } from "../../lib/trpc";
import classes from "./Account.module.css";
import { currentLanguage, translate, useT } from "../../lib/i18n";
import { accountMessages } from "./accountMessages";

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
  const say = (key: "twoFactor.codesFile" | "twoFactor.codesFileName") =>
    translate(currentLanguage(), accountMessages, key);
  const text = `${say("twoFactor.codesFile")}\n\n${codes.join("\n")}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = say("twoFactor.codesFileName");
  link.click();
  URL.revokeObjectURL(url);
}

/** The ten recovery codes, shown once, with Copy and Download. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT(accountMessages);
  return (
    <Alert color="green" title={t("twoFactor.codesTitle")} role="status">
      <Stack gap="sm">
        <Text size="sm">{t("twoFactor.codesKeep")}</Text>
        <ul className={classes.codes} aria-label={t("twoFactor.codesList")}>
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
                {copied ? t("twoFactor.copied") : t("twoFactor.copyCodes")}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={() => downloadCodes(codes)}>
            {t("twoFactor.downloadCodes")}
          </Button>
        </SimpleGrid>
        <Button onClick={onDone}>{t("twoFactor.savedCodes")}</Button>
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
  const t = useT(accountMessages);
  // uqr renders the SVG from the otpauth URL alone (no markup of anyone's in it).
  const svg = useMemo(() => renderSVG(setup.otpauthUrl, { border: 2 }), [setup.otpauthUrl]);
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const enable = trpc.totp.enable.useMutation({ onSuccess: onEnabled });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = normaliseCode(code);
    if (!isAppCode(typed)) return setInvalid(t("twoFactor.codeFormat"));
    setInvalid(null);
    enable.mutate({ code: typed });
  };
  return (
    <OnceForm onSubmit={onSubmit}>
      <Stack gap="sm">
        <Text size="sm">{t("twoFactor.step1")}</Text>
        <div
          className={classes.qr}
          role="img"
          aria-label={t("twoFactor.qr")}
          dangerouslySetInnerHTML={{ __html: svg }}
        />
        {/* Wrapped on a phone: the whole secret stays in sight to type. */}
        <Textarea
          label={t("twoFactor.secret")}
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
              {copied ? t("twoFactor.copied") : t("twoFactor.copySecret")}
            </Button>
          )}
        </CopyButton>
        <Text size="sm">{t("twoFactor.step2")}</Text>
        {enable.isError ? (
          <ErrorAlert message={t("twoFactor.notOnYet")}>{serverReason(enable.error)}</ErrorAlert>
        ) : null}
        <CodeField label={t("twoFactor.appCode")} value={code} error={invalid} onChange={setCode} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t("twoFactor.cancel")}
          </Button>
          <Button type="submit" loading={enable.isPending}>
            {t("twoFactor.turnOn")}
          </Button>
        </Group>
      </Stack>
    </OnceForm>
  );
}

/** Turning it off: a current code of the app, or a recovery code. */
function TurnOff() {
  const t = useT(accountMessages);
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const disable = trpc.totp.disable.useMutation({
    onSuccess: () => {
      setCode("");
      notify(t("twoFactor.turnedOff"));
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = normaliseCode(code);
    if (typed.length < 6) return setInvalid(t("twoFactor.codeOrRecoveryFormat"));
    setInvalid(null);
    disable.mutate({ code: typed });
  };
  return (
    <OnceForm onSubmit={onSubmit}>
      <Stack gap="sm">
        {disable.isError ? (
          <ErrorAlert message={t("twoFactor.stillOn")}>{serverReason(disable.error)}</ErrorAlert>
        ) : null}
        <CodeField
          label={t("twoFactor.appOrRecoveryCode")}
          value={code}
          error={invalid}
          onChange={setCode}
          numeric={false}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="default" color="red" loading={disable.isPending}>
            {t("twoFactor.turnOff")}
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
  const t = useT(accountMessages);
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
        title={t("twoFactor.title")}
        description={t("twoFactor.description")}
      >
        {state?.setupRequired && !codes ? (
          <Alert color="amber" role="alert" title={t("twoFactor.requiredTitle")}>
            {t("twoFactor.required")}
          </Alert>
        ) : null}
        {status.isError ? <ErrorAlert message={t("twoFactor.loadFailed")} error={status.error} /> : null}
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
              {t("twoFactor.on", { left: state.recoveryCodesLeft })}
            </Text>
            <TurnOff />
          </>
        ) : state ? (
          <>
            {start.isError ? (
              <ErrorAlert message={t("twoFactor.setupFailed")}>{serverReason(start.error)}</ErrorAlert>
            ) : null}
            <Group justify="flex-end">
              <Button onClick={() => start.mutate()} loading={start.isPending}>
                {t("twoFactor.setUp")}
              </Button>
            </Group>
          </>
        ) : null}
      </SectionCard>
    </div>
  );
}
