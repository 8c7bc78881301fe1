import { NumberInput, TextInput, type NumberInputProps, type TextInputProps } from "@mantine/core";
import "../../styles/numberInput";
import { today } from "../../lib/format";
import { currencyPrefix } from "../../lib/money";
import { useT } from "../../lib/i18n";
import { bottleMessages } from "./bottleMessages";

/** A purchase's date (adding one and correcting it): required, today at the latest. */
export function PurchaseDateInput(props: TextInputProps) {
  const t = useT(bottleMessages);
  return <TextInput type="date" label={t("datePurchased")} required max={today()} {...props} />;
}

/** A purchase's price in dollars and cents (adding one and correcting it). */
export function PurchasePriceInput(props: NumberInputProps) {
  const t = useT(bottleMessages);
  return (
    <NumberInput
      label={t("purchasePrice")}
      required
      prefix={currencyPrefix()}
      decimalScale={2}
      fixedDecimalScale
      thousandSeparator=","
      {...props}
    />
  );
}
