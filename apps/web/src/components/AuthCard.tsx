import type { ReactNode } from "react";
import { Anchor, Center, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { GlassLogo } from "./icons";
import touch from "../styles/touchTargets.module.css";

/** The centred card of the login, registration and confirmation screens. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Center>
      <Paper
        withBorder
        shadow="md"
        p={{ base: "lg", sm: 32 }}
        w="100%"
        maw={440}
        radius="lg"
        className={touch.touch}
      >
        <Stack gap={4} align="center" mb="lg" ta="center">
          <GlassLogo size={40} />
          <Title order={1} fz={28}>
            {title}
          </Title>
          {subtitle ? (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Paper>
    </Center>
  );
}

/** The line under an auth card's form that leads to another one: "Already a member? Log in". */
export function AuthCardLink({
  question,
  to,
  children,
}: {
  question: string;
  to: string;
  children: ReactNode;
}) {
  return (
    <Text size="sm" ta="center" c="dimmed">
      {question}{" "}
      <Anchor component={Link} to={to} fw={600} underline="always">
        {children}
      </Anchor>
    </Text>
  );
}
