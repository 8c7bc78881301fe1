import type { ReactNode } from "react";
import { Anchor, Text, type MantineSize } from "@mantine/core";
import { Link } from "react-router-dom";
import { useT } from "../lib/i18n";
import { commonMessages } from "./commonMessages";

/** A visitor's way in where a screen is for members: "Log in" (to /login), then what for ("to see your dues."). */
export function LogInPrompt({
  size,
  underline,
  children,
}: {
  size?: MantineSize;
  underline?: "always";
  children: ReactNode;
}) {
  const t = useT(commonMessages);
  return (
    <Text size={size}>
      <Anchor component={Link} to="/login" underline={underline}>
        {t("logIn")}
      </Anchor>{" "}
      {children}
    </Text>
  );
}
