import { useState } from "react";
import { Checkbox, TextInput } from "@mantine/core";
import "@mantine/core/styles/Checkbox.css";
import { UpdateInstanceInputSchema, type BottleInstance } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { datePart, numberInputValue, today } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { useUndoableWrite } from "../../lib/undoableWrite";
import { useT } from "../../lib/i18n";
import { bottleMessages } from "./bottleMessages";
import { PurchaseDateInput, PurchasePriceInput } from "./PurchaseInputs";
import { validationText } from "../../lib/validationText";

type Field = "datePurchased" | "purchasePrice" | "dateFinished" | "openedDate";

/**
 * Correct a purchase (the member who added it or an admin): its date, price, opened date (empty:
 * sealed) and finish date; "Not finished" makes a finished bottle open again. The shared schema's rules and messages
 * apply before anything is sent (price above $0, no future dates, not finished before bought).
 */
export default function EditInstanceDialog({
  instance,
  onClose,
}: {
  instance: BottleInstance;
  onClose: () => void;
}) {
  const t = useT(bottleMessages);
  const initial = {
    datePurchased: datePart(instance.datePurchased),
    price: instance.purchasePrice,
    open: instance.dateFinished === null,
    dateFinished: instance.dateFinished ? datePart(instance.dateFinished) : today(),
    openedDate: instance.openedDate ?? "",
  };
  const [datePurchased, setDatePurchased] = useState(initial.datePurchased);
  const [price, setPrice] = useState<number | string>(initial.price);
  const [open, setOpen] = useState(initial.open);
  const [dateFinished, setDateFinished] = useState(initial.dateFinished);
  const [openedDate, setOpenedDate] = useState(initial.openedDate);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const update = useUndoableWrite(trpc.instances.update, {
    entity: "instance",
    id: instance.id,
    verb: "update",
    onDone: onClose,
  });
  const purchasePrice = numberInputValue(price);
  const changed =
    datePurchased !== initial.datePurchased ||
    purchasePrice !== initial.price ||
    open !== initial.open ||
    openedDate !== initial.openedDate ||
    (!open && dateFinished !== initial.dateFinished);
  const edited = (field: Field) => setErrors(({ [field]: _gone, ...rest }) => rest);

  const submit = () => {
    const parsed = UpdateInstanceInputSchema.safeParse({
      id: instance.id,
      datePurchased,
      purchasePrice: purchasePrice ?? Number.NaN,
      dateFinished: open ? null : dateFinished,
      // Sent only when changed: an empty date seals the purchase again.
      ...(openedDate === initial.openedDate ? {} : { openedDate: openedDate === "" ? null : openedDate }),
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= validationText(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    update.mutate(parsed.data);
  };

  return (
    <FormDialog
      title={t("editPurchaseTitle")}
      onClose={onClose}
      onSubmit={submit}
      errors={[update.failure]}
      canSubmit={changed && purchasePrice !== null}
      submitting={update.pending}
      submitLabel={t("save")}
    >
      <PurchaseDateInput
        value={datePurchased}
        error={errors.datePurchased}
        data-autofocus
        onChange={(event) => {
          setDatePurchased(event.currentTarget.value);
          edited("datePurchased");
        }}
      />
      <PurchasePriceInput
        min={0}
        max={1_000_000}
        value={price}
        error={errors.purchasePrice}
        onChange={(value) => {
          setPrice(value);
          edited("purchasePrice");
        }}
      />
      <TextInput
        type="date"
        label={t("dateOpened")}
        description={t("dateOpenedHint")}
        max={today()}
        value={openedDate}
        error={errors.openedDate}
        onChange={(event) => {
          setOpenedDate(event.currentTarget.value);
          edited("openedDate");
        }}
      />
      <Checkbox
        label={t("notFinished")}
        checked={open}
        onChange={(event) => {
          setOpen(event.currentTarget.checked);
          edited("dateFinished");
        }}
      />
      <TextInput
        type="date"
        label={t("dateFinished")}
        max={today()}
        disabled={open}
        value={open ? "" : dateFinished}
        error={open ? undefined : errors.dateFinished}
        onChange={(event) => {
          setDateFinished(event.currentTarget.value);
          edited("dateFinished");
        }}
      />
    </FormDialog>
  );
}
