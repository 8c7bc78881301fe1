import { FileInput, type FileInputProps } from "@mantine/core";

/** The import page's file fields (a CSV, a club export): one file, which a button clears again. */
export function ChosenFileInput(props: FileInputProps<false>) {
  return <FileInput clearable clearButtonProps={{ "aria-label": "Clear the file" }} {...props} />;
}
