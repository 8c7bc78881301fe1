import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { Alert, Button, Group, Modal, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import "../../styles/modal";
import { useNavigate } from "react-router-dom";
import { normaliseBarcode } from "@club/shared";
import { isNotFound } from "../../lib/errors";
import { refusalReason } from "../../lib/validationText";
import { notify } from "../../lib/notify";
import { useReturnFocus } from "../../lib/returnFocus";
import { trpc } from "../../lib/trpc";
import { useT } from "../../lib/i18n";
import { libraryMessages } from "./libraryMessages";
import classes from "./LibraryBottles.module.css";

const NewBottleDialog = lazy(() => import("./NewBottleDialog"));

/** How often the picture is looked at while nothing is found: a phone stays cool, a code is read at once. */
const READ_EVERY_MS = 250;

type Camera = "starting" | "on" | "refused";

type Step =
  | { kind: "scan" }
  | { kind: "looking"; code: string }
  | { kind: "unknown"; code: string }
  | { kind: "attach"; code: string }
  | { kind: "new"; code: string };

/**
 * The camera's picture, read until a code turns up (`onCode`, once). The rear camera when there is
 * one; a refused or missing camera says so, and the typed code does the rest.
 */
function CameraView({ onCode }: { onCode: (code: string) => void }) {
  const t = useT(libraryMessages);
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<Camera>("starting");
  const found = useRef(onCode);
  found.current = onCode;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      try {
        const { makeBarcodeReader, openRearCamera } = await import("../../lib/barcodeReader");
        const [opened, reader] = await Promise.all([openRearCamera(), makeBarcodeReader()]);
        stream = opened;
        const element = video.current;
        if (stopped || !element) return;
        element.srcObject = stream;
        await element.play();
        setCamera("on");
        const look = async () => {
          if (stopped) return;
          const code = await reader.read(element).catch(() => null);
          if (stopped) return;
          if (code) found.current(code);
          else timer = setTimeout(() => void look(), READ_EVERY_MS);
        };
        void look();
      } catch {
        if (!stopped) setCamera("refused");
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Stack gap="xs">
      {camera === "refused" ? (
        <Alert color="yellow">{t("scan.noCamera")}</Alert>
      ) : (
        <>
          <video ref={video} className={classes.scanVideo} aria-label={t("scan.camera")} muted playsInline />
          <Text size="sm" c="dimmed" aria-live="polite">
            {camera === "starting" ? t("scan.starting") : t("scan.point")}
          </Text>
        </>
      )}
    </Stack>
  );
}

/** The typed code: checked as the server checks it before anything is sent. */
function TypedCode({ onCode }: { onCode: (code: string) => void }) {
  const t = useT(libraryMessages);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reading = normaliseBarcode(text);
    if (!reading.ok) setProblem(reading.message);
    else onCode(reading.code);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label={t("scan.barcode")}
          inputMode="text"
          autoComplete="off"
          value={text}
          error={problem}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setProblem(null);
          }}
          className={classes.scanCodeInput}
        />
        <Button type="submit" variant="default">
          {t("scan.lookUp")}
        </Button>
      </Group>
    </form>
  );
}

/** Attach the code to a bottle the member finds by name (the library's fuzzy search). */
function AttachToBottle({ code, onAttached }: { code: string; onAttached: (id: number) => void }) {
  const t = useT(libraryMessages);
  const [query, setQuery] = useState("");
  const q = query.trim();
  const results = trpc.search.bottles.useQuery({ q, pageSize: 6 }, { enabled: q !== "" });
  const attach = trpc.bottles.setBarcode.useMutation();
  const reason = refusalReason(attach.error);
  return (
    <Stack gap="xs">
      <TextInput
        type="search"
        label={t("scan.find")}
        placeholder={t("scan.findPlaceholder")}
        data-autofocus
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
      />
      {attach.error ? <Alert color="red">{reason ?? t("scan.attachFailed")}</Alert> : null}
      {q !== "" && results.data?.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("noMatch")}
        </Text>
      ) : null}
      <ul className={classes.scanChoices} aria-label={t("scan.matching")}>
        {(results.data?.items ?? []).map((bottle) => (
          <li key={bottle.id}>
            <UnstyledButton
              className={classes.scanChoice}
              disabled={attach.isPending}
              onClick={() =>
                attach.mutate({ id: bottle.id, code }, { onSuccess: () => onAttached(bottle.id) })
              }
              aria-label={t("scan.attachTo", { name: bottle.name })}
            >
              <span>{bottle.name}</span>
              <Text span size="xs" c="dimmed">
                {[bottle.brand, bottle.drinkType].filter(Boolean).join(" · ")}
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </ul>
    </Stack>
  );
}

/**
 * Scan barcode (members, in the library): the camera reads a bottle's code (or the member types
 * it); a known code opens its bottle, an unknown one offers to attach it to a bottle or to start a
 * new bottle with it.
 */
export default function ScanBarcodeDialog({ onClose }: { onClose: () => void }) {
  const t = useT(libraryMessages);
  useReturnFocus();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const setBarcode = trpc.bottles.setBarcode.useMutation();
  const [step, setStep] = useState<Step>({ kind: "scan" });
  const [lookupFailed, setLookupFailed] = useState(false);

  const openBottle = (id: number) => {
    onClose();
    void navigate(`/bottle/${id}`);
  };
  const attached = (id: number) => {
    notify(t("scan.attached"));
    openBottle(id);
  };

  const lookUp = async (raw: string) => {
    const reading = normaliseBarcode(raw);
    if (!reading.ok) return; // the camera read something that is no bottle's code: keep looking
    setStep({ kind: "looking", code: reading.code });
    setLookupFailed(false);
    try {
      const bottle = await utils.bottles.byBarcode.fetch({ code: reading.code }, { staleTime: 0 });
      openBottle(bottle.id);
    } catch (error) {
      if (isNotFound(error)) setStep({ kind: "unknown", code: reading.code });
      else {
        setLookupFailed(true);
        setStep({ kind: "scan" });
      }
    }
  };

  if (step.kind === "new")
    return (
      <Suspense fallback={null}>
        <NewBottleDialog
          onClose={onClose}
          onCreated={async (bottle) => {
            await setBarcode.mutateAsync({ id: bottle.id, code: step.code }).catch(() => {
              notify(t("scan.notAttached"), "red");
            });
            void navigate(`/bottle/${bottle.id}`);
          }}
        />
      </Suspense>
    );

  return (
    <Modal opened onClose={onClose} title={t("scan.title")}>
      <Stack gap="md">
        {step.kind === "scan" || step.kind === "looking" ? (
          <>
            {step.kind === "scan" ? <CameraView onCode={(code) => void lookUp(code)} /> : null}
            {step.kind === "looking" ? (
              <Text aria-live="polite">{t("scan.looking", { code: step.code })}</Text>
            ) : null}
            {lookupFailed ? <Alert color="red">{t("scan.lookupFailed")}</Alert> : null}
            <TypedCode onCode={(code) => void lookUp(code)} />
          </>
        ) : (
          <>
            <Text role="status">{t("scan.unknown", { code: step.code })}</Text>
            {step.kind === "unknown" ? (
              <Group gap="sm">
                <Button onClick={() => setStep({ kind: "attach", code: step.code })}>
                  {t("scan.attach")}
                </Button>
                <Button variant="default" onClick={() => setStep({ kind: "new", code: step.code })}>
                  {t("scan.startNew")}
                </Button>
              </Group>
            ) : (
              <AttachToBottle code={step.code} onAttached={attached} />
            )}
            <Button variant="subtle" onClick={() => setStep({ kind: "scan" })}>
              {t("scan.again")}
            </Button>
          </>
        )}
      </Stack>
    </Modal>
  );
}
