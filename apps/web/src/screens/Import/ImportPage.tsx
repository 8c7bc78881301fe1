import { useState } from "react";
import {
  Anchor,
  Button,
  FileInput,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import {
  CSV_DELIMITER_LABELS,
  CSV_DELIMITERS,
  DATE_ORDER_LABELS,
  DATE_ORDERS,
  DECIMAL_MARK_LABELS,
  DECIMAL_MARKS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  THOUSANDS_SEPARATOR_LABELS,
  THOUSANDS_SEPARATORS,
  TransferMessages,
  recogniseCatalogue,
  type CsvDelimiter,
  type ImportField,
  type ImportFormats,
  type ImportMapping,
  type ImportReport,
} from "@club/shared";
import "../../styles/combobox";
import { PageHeader } from "../../components/PageHeader";
import { RequireMember } from "../../components/RequireMember";
import { useTitle } from "../../lib/useTitle";
import { ErrorAlert } from "../../components/status";
import { SectionCard } from "../../components/SectionCard";
import { trpc } from "../../lib/trpc";
import { guessMapping, type Mapping } from "./guessMapping";
import { ImportReportTable } from "./ImportReportTable";
import { firstReview, ImportReviewFields, reviewList, type ReviewState } from "./ImportReview";
import { MappingSelects } from "./MappingSelects";
import { readHeader } from "./readHeader";
import { importBottles } from "./transferApi";
import touch from "../../styles/touchTargets.module.css";
import { defineMessages, useT } from "../../lib/i18n";
import { formatNumber } from "../../lib/format";
import importTexts from "../../locales/en/import.json";

/** The Import screen's texts: src/locales/<language>/import.json. */
const importMessages = defineMessages("import", importTexts);

const REQUIRED: ImportField[] = ["name", "abv"];
/** An export without an ABV column (CellarTracker's): the review gives each new bottle's. */
const REQUIRED_WITHOUT_ABV: ImportField[] = ["name"];

const asMapping = (mapping: Mapping, required: ImportField[]): ImportMapping | null =>
  required.every((field) => mapping[field]) ? (mapping as ImportMapping) : null;

/** One of the formats the import reads cells with, as a Select; an empty one ("no separator") is the option "none". */
function FormatSelect<T extends string>({
  label,
  options,
  labels,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  const key = (option: T) => (option === "" ? "none" : option);
  return (
    <Select
      label={label}
      data={options.map((option) => ({ value: key(option), label: labels[option] }))}
      value={key(value)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      onChange={(picked) => {
        const option = options.find((o) => key(o) === picked);
        if (option !== undefined) onChange(option);
      }}
    />
  );
}

/** /import (members): a CSV of bottles, its columns mapped, a preview per row, then one import. */
export default function ImportPage() {
  const t = useT(importMessages);
  useTitle(t("title"));
  return (
    <RequireMember>
      <ImportScreen />
    </RequireMember>
  );
}

function ImportScreen() {
  const t = useT(importMessages);
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<Mapping>({});
  // The number and date formats: detected by the first preview, then the member's to change.
  const [formats, setFormats] = useState<ImportFormats | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  // The character between columns: detected when the file is chosen, then the member's to change.
  const [delimiter, setDelimiter] = useState<CsvDelimiter | null>(null);
  // The review's word on the rows the library may have (null until the first preview).
  const [review, setReview] = useState<ReviewState | null>(null);
  // The review the shown preview was made with: another one needs a new preview before importing.
  const [reviewed, setReviewed] = useState<string>("[]");
  const utils = trpc.useUtils();
  const preview = useMutation({
    mutationFn: ({ chosen, map }: { chosen: File; map: ImportMapping }) => importBottles(chosen, map, true),
    // On a phone the report starts a screen or two below the button: bring it into view.
    onSuccess: (answer, { map }) => {
      setFormats(answer.formats);
      setReviewed(JSON.stringify(map.review ?? []));
      if (!map.review) setReview(firstReview(answer));
      requestAnimationFrame(() => document.getElementById("import-preview-heading")?.scrollIntoView());
    },
  });
  const run = useMutation({
    mutationFn: ({ chosen, map }: { chosen: File; map: ImportMapping }) => importBottles(chosen, map, false),
    onSuccess: () => utils.invalidate(),
  });

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setHeaders([]);
    setMapping({});
    setFormats(null);
    setFileProblem(null);
    setDelimiter(null);
    setReview(null);
    preview.reset();
    run.reset();
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) return setFileProblem(TransferMessages.tooLarge);
    const read = await readHeader(chosen);
    if (read.header.length === 0) return setFileProblem(TransferMessages.notCsv);
    setDelimiter(read.delimiter);
    setHeaders(read.header);
    setMapping(guessMapping(read.header));
  };
  /** Another delimiter: the columns are read again, matched again, and the formats detected again. */
  const redelimit = async (next: CsvDelimiter) => {
    if (!file) return;
    const read = await readHeader(file, next);
    setDelimiter(next);
    setHeaders(read.header);
    setMapping(guessMapping(read.header));
    setFormats(null);
    setReview(null);
    preview.reset();
    run.reset();
  };
  const remap = (next: Mapping) => {
    setMapping(next);
    setReview(null);
    preview.reset();
    run.reset();
  };

  const catalogue = headers.length > 0 ? recogniseCatalogue(headers) : null;
  const abvInReview = catalogue !== null && catalogue.mapping.abv === undefined;
  const chosenMapping = asMapping(mapping, abvInReview ? REQUIRED_WITHOUT_ABV : REQUIRED);
  const decisions = review ? reviewList(review) : [];
  const complete: ImportMapping | null = chosenMapping && {
    ...chosenMapping,
    ...(formats ?? {}),
    ...(delimiter ? { delimiter } : {}),
    // Columns mapped to nothing are left out on purpose: the preview lists them by name.
    ignore: headers.filter((h) => h !== "" && !Object.values(mapping).includes(h)),
    ...(decisions.length > 0 ? { review: decisions } : {}),
  };
  const report: ImportReport | undefined = run.data ?? preview.data;
  const reviewChanged = JSON.stringify(decisions) !== reviewed;
  const writes = report ? report.create + report.addPurchase : 0;
  const reformat = (next: Partial<ImportFormats>) => {
    if (!formats || !file || !chosenMapping) return;
    const changed = { ...formats, ...next };
    // One character cannot be both: the thousands separator gives way to a new decimal mark.
    if (changed.thousandsSeparator === changed.decimalMark)
      changed.thousandsSeparator = changed.decimalMark === "," ? "." : ",";
    setFormats(changed);
    run.reset();
    preview.mutate({
      chosen: file,
      map: {
        ...chosenMapping,
        ...changed,
        ...(delimiter ? { delimiter } : {}),
        ignore: complete?.ignore ?? [],
        ...(decisions.length > 0 ? { review: decisions } : {}),
      },
    });
  };

  return (
    <Stack gap="lg" className={touch.touch}>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <SectionCard id="import-file-heading" title={t("step1")}>
        <FileInput
          clearable
          clearButtonProps={{ "aria-label": t("clearFile") }}
          label={t("csvFile")}
          description={t("fileHint", { rows: formatNumber(IMPORT_MAX_ROWS, 0) })}
          placeholder={t("choosePlaceholder")}
          accept=".csv,text/csv"
          value={file}
          error={fileProblem}
          onChange={(chosen) => void choose(chosen)}
        />
      </SectionCard>

      {headers.length > 0 && file ? (
        <SectionCard id="import-map-heading" title={t("step2")} description={t("step2Hint")}>
          {catalogue ? (
            <Text size="sm" role="status">
              {t(catalogue.mapping.abv ? "catalogue" : "catalogueNoAbv", { label: catalogue.label })}
            </Text>
          ) : null}
          {delimiter ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              <FormatSelect
                label={t("separatedBy")}
                options={CSV_DELIMITERS}
                labels={CSV_DELIMITER_LABELS}
                value={delimiter}
                onChange={(next) => void redelimit(next)}
              />
              <Text size="sm" c="dimmed" style={{ alignSelf: "end" }}>
                {t("asRead", { count: headers.length })}
              </Text>
            </SimpleGrid>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            <MappingSelects headers={headers} mapping={mapping} onChange={remap} />
          </SimpleGrid>
          <Group>
            <Button
              disabled={!complete}
              loading={preview.isPending}
              onClick={() => complete && preview.mutate({ chosen: file, map: complete })}
            >
              {t("preview")}
            </Button>
            {!complete ? (
              <Text size="sm" c="dimmed">
                {abvInReview ? t("chooseName") : t("chooseNameAbv")}
              </Text>
            ) : null}
          </Group>
          {preview.isError ? <ErrorAlert message={t("cannotImport")} error={preview.error} /> : null}
        </SectionCard>
      ) : null}

      {report && file && complete ? (
        <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="import-preview-heading">
          <Stack>
            {/* scroll-margin: scrolled into view, it stays clear of the sticky header. */}
            <Title order={2} fz="lg" id="import-preview-heading" style={{ scrollMarginTop: 88 }}>
              {report.dryRun ? t("step3") : t("imported")}
            </Title>
            <Text role="status" aria-live="polite">
              {report.dryRun
                ? t("dryRunSummary", {
                    create: report.create,
                    purchases: report.addPurchase,
                    skipped: report.skipped,
                    errors: report.errors,
                  })
                : t("importedSummary", {
                    created: report.created,
                    skipped: report.skipped,
                    errors: report.errors,
                  })}
            </Text>
            {report.dryRun && formats ? (
              <Stack gap="xs">
                <Text size="sm">{report.detected.length > 0 ? t("formatsDetected") : t("formats")}</Text>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <FormatSelect
                    label={t("decimalMark")}
                    options={DECIMAL_MARKS}
                    labels={DECIMAL_MARK_LABELS}
                    value={formats.decimalMark}
                    onChange={(decimalMark) => reformat({ decimalMark })}
                  />
                  <FormatSelect
                    label={t("thousands")}
                    options={THOUSANDS_SEPARATORS}
                    labels={THOUSANDS_SEPARATOR_LABELS}
                    value={formats.thousandsSeparator}
                    onChange={(thousandsSeparator) => reformat({ thousandsSeparator })}
                  />
                  <FormatSelect
                    label={t("dates")}
                    options={DATE_ORDERS}
                    labels={DATE_ORDER_LABELS}
                    value={formats.dateOrder}
                    onChange={(dateOrder) => reformat({ dateOrder })}
                  />
                </SimpleGrid>
                {complete && complete.ignore && complete.ignore.length > 0 ? (
                  <Text size="sm" c="dimmed">
                    {t("leftOut", { columns: complete.ignore.join(", ") })}
                  </Text>
                ) : null}
              </Stack>
            ) : null}
            {report.dryRun && review ? (
              <ImportReviewFields
                report={report}
                review={review}
                needsAbv={mapping.abv === undefined}
                onChange={(next) => {
                  setReview(next);
                  run.reset();
                }}
              />
            ) : null}
            {report.dryRun ? (
              <Group>
                {reviewChanged ? (
                  <Button
                    variant="light"
                    loading={preview.isPending}
                    onClick={() => preview.mutate({ chosen: file, map: complete })}
                  >
                    {t("checkReview")}
                  </Button>
                ) : null}
                <Button
                  disabled={writes === 0 || reviewChanged}
                  loading={run.isPending}
                  onClick={() => run.mutate({ chosen: file, map: complete })}
                >
                  {t("importButton", { create: report.create, purchases: report.addPurchase })}
                </Button>
              </Group>
            ) : (
              <Anchor component={Link} to="/library-bottles" fw={600}>
                {t("seeLibrary")}
              </Anchor>
            )}
            {run.isError ? <ErrorAlert message={t("importFailed")} error={run.error} /> : null}
            <ImportReportTable report={report} />
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
