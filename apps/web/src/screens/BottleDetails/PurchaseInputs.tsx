import { NumberInput, TextInput, type NumberInputProps, type TextInputProps } from "@mantine/core";
import "../../styles/numberInput";
import { today } from "../../lib/format";
import { currencyPrefix } from "../../lib/money";

/** A purchase's date (adding one and correcting it): required, today at the latest. */
export function PurchaseDateInput(props: TextInputProps) {
  return <TextInput type="date" label="Date purchased" required max={today()} {...props} />;
}

/** A purchase's price in dollars and cents (adding one and correcting it). */
export function PurchasePriceInput(props: NumberInputProps) {
  return (
    <NumberInput
      label="Purchase price"
      required
      prefix={currencyPrefix()}
      decimalScale={2}
      fixedDecimalScale
      thousandSeparator=","
      {...props}
    />
  );
}
