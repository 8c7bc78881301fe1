import { Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import "../../styles/passwordInput";
import { schemaResolver, useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router-dom";
import { Messages, PASSWORD_MIN_LENGTH, RegisterInputSchema } from "@club/shared";
import { AuthCard } from "../../components/AuthCard";
import { ErrorAlert } from "../../components/status";
import { authApi } from "../../lib/appSession";
import { httpStatusOf } from "../../lib/errors";
import { useTitle } from "../../lib/useTitle";
import type { LoginLocationState } from "../Login/LoginPage";

export default function RegisterPage() {
  useTitle("Register");
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { firstName: "", lastName: "", email: "", password: "" },
    validate: schemaResolver(RegisterInputSchema, { sync: true }),
  });
  const register = useMutation({
    mutationFn: authApi.register,
    onSuccess: ({ message }) => {
      const state: LoginLocationState = { notice: message };
      void navigate("/login", { state });
    },
  });

  return (
    <AuthCard title="Register" subtitle="Join the club. We will email you a link to confirm your address.">
      <form onSubmit={form.onSubmit((values) => register.mutate(values))}>
        <Stack>
          {register.isError ? (
            <ErrorAlert message={Messages.registrationFailed}>
              {httpStatusOf(register.error) === 409 ? register.error.message : null}
            </ErrorAlert>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              {...form.getInputProps("firstName")}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              {...form.getInputProps("lastName")}
            />
          </SimpleGrid>
          <TextInput
            type="email"
            label="Email"
            autoComplete="email"
            required
            {...form.getInputProps("email")}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            required
            {...form.getInputProps("password")}
          />
          <Button type="submit" fullWidth loading={register.isPending} mt="xs">
            Register
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            Already a member?{" "}
            <Anchor component={Link} to="/login" fw={600} underline="always">
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
