import type { ReactNode } from "react";
import { Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { CLUB_NAME } from "@club/shared";
import { PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../lib/useTitle";

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6}>
        {label}
      </Text>
      <Text fz={28} fw={800} ff="heading" c="amber" mt={4}>
        {value}
      </Text>
    </Card>
  );
}

const Dot = () => (
  <ThemeIcon size={10} radius="xl" color="amber" aria-hidden="true">
    <span />
  </ThemeIcon>
);

/** General Info and Dues, as in SPEC section 1. */
export default function AboutPage() {
  useTitle("About");
  return (
    <>
      <PageHeader title={`About the ${CLUB_NAME}`} subtitle="General Info and Dues" />
      <Stack gap={40}>
        <section aria-labelledby="general-info">
          <Title order={2} id="general-info" mb="md">
            General Info
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mb="lg">
            <Fact label="We meet" value="Second Friday" />
            <Fact label="Starting at" value="7:00 PM" />
          </SimpleGrid>
          <List spacing="sm" icon={<Dot />} center>
            <List.Item>The club meets monthly on the second Friday at 7:00 PM.</List.Item>
            <List.Item>Hosts and themes are chosen at the prior month&apos;s meeting.</List.Item>
            <List.Item>Hosting is voluntary.</List.Item>
          </List>
        </section>

        <section aria-labelledby="dues">
          <Title order={2} id="dues" mb="md">
            Dues
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 3 }} mb="lg">
            <Fact label="Monthly dues" value="$12" />
            <Fact label="Joining fee" value="$40" />
            <Fact label="First payment" value="$52" />
          </SimpleGrid>
          <List spacing="sm" icon={<Dot />} center>
            <List.Item>Dues are $12 per month.</List.Item>
            <List.Item>Your first meeting is free.</List.Item>
            <List.Item>Joining costs $40, so the first payment is $52 ($40 joining plus $12 dues).</List.Item>
            <List.Item>
              Dues may be waived for up to six months for members of over 12 months who face financial
              hardship.
            </List.Item>
          </List>
        </section>
      </Stack>
    </>
  );
}
