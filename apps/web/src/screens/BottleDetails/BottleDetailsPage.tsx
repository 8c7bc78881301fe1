import { lazy, Suspense, useEffect, useState } from "react";
import { Anchor, Badge, Button, Card, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { PageHeader } from "../../components/PageHeader";
import { PageDeleteButton } from "../../components/EditDeleteActions";
import { LoadError, NotFound, PageLoader } from "../../components/status";
import { isNotFound } from "../../lib/errors";
import { failureMessage } from "../../lib/failure";
import { notify } from "../../lib/notify";
import { usePermissions } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { useIdParam } from "../../lib/routeParams";
import { useTitle } from "../../lib/useTitle";
import { useT } from "../../lib/i18n";
import { bottleMessages } from "./bottleMessages";
import { BottleImage } from "./BottleImage";
import { CommentsSection } from "./CommentsSection";
import { Facts } from "./Facts";
import { InstancesSection } from "./InstancesSection";
import { PouredAtSection } from "./PouredAtSection";

// The member controls are their own chunks: a visitor downloads none of their inputs, selects,
// popovers or zod schemas.
const loadEditableFacts = () => import("./EditableFacts");
const loadImageUpload = () => import("./ImageUpload");
const EditableFacts = lazy(() => loadEditableFacts().then((m) => ({ default: m.EditableFacts })));
const ImageUpload = lazy(() => loadImageUpload().then((m) => ({ default: m.ImageUpload })));
const DeleteBottleDialog = lazy(() =>
  import("./BottleDialogs").then((m) => ({ default: m.DeleteBottleDialog })),
);
const MergeBottleDialog = lazy(() =>
  import("./MergeBottleDialog").then((m) => ({ default: m.MergeBottleDialog })),
);

/**
 * The member's favourite mark (the worked example in docs/architecture.md): a toggle button (aria-pressed) whose name
 * stays "Favourite"; the star says the state. Its write makes the favourites read stale
 * (lib/cachePolicy.ts), which then says the new state.
 */
function FavouriteButton({ bottleId }: { bottleId: number }) {
  const t = useT(bottleMessages);
  const favourites = trpc.bottles.favourites.useQuery();
  const set = trpc.bottles.setFavourite.useMutation({
    onError: (error) => notify(failureMessage(error, t("favouriteFailed")), "red"),
  });
  const on = favourites.data?.some((f) => f.bottleId === bottleId) ?? false;
  return (
    <Button
      h={40}
      variant={on ? "light" : "default"}
      aria-pressed={on}
      disabled={!favourites.data}
      loading={set.isPending}
      leftSection={<span aria-hidden>{on ? "★" : "☆"}</span>}
      onClick={() => set.mutate({ id: bottleId, favourite: !on })}
    >
      {t("favourite")}
    </Button>
  );
}

function Bottle({ id }: { id: number }) {
  const t = useT(bottleMessages);
  const { isMember, isAdmin } = usePermissions();
  const [dialog, setDialog] = useState<"delete" | "merge" | null>(null);
  const close = () => setDialog(null);
  // A member's controls start loading with the page, not once the bottle has arrived.
  useEffect(() => {
    if (isMember) void Promise.all([loadEditableFacts(), loadImageUpload()]);
  }, [isMember]);
  const bottle = trpc.bottles.byId.useQuery({ id });
  useTitle(bottle.data?.name ?? t("title"));

  if (bottle.isPending) return <PageLoader />;
  if (bottle.isError) {
    return isNotFound(bottle.error) ? (
      <NotFound title={t("notFound")} message={t("notFoundText")} />
    ) : (
      <LoadError message={t("failed")} />
    );
  }
  const data = bottle.data;
  const unfinished = data.bottleInstances.filter((instance) => !instance.dateFinished);
  const open = unfinished.filter((instance) => instance.openedDate !== null).length;
  const sealed = unfinished.length - open;

  return (
    <>
      <Anchor component={Link} to="/library-bottles" size="sm" mb="xs" display="inline-block">
        {t("back")}
      </Anchor>
      <PageHeader
        title={data.name}
        subtitle={
          <Group gap="xs" component="span">
            {data.drinkType ? (
              <Badge variant="light" radius="sm">
                {data.drinkType}
              </Badge>
            ) : null}
            <Text span size="sm" c="dimmed">
              {sealed > 0 ? t("stockSealed", { open, sealed }) : t("stock", { open })}
            </Text>
          </Group>
        }
        actions={
          isMember ? (
            <>
              <FavouriteButton bottleId={data.id} />
              {isAdmin ? (
                <Button h={40} variant="default" onClick={() => setDialog("merge")}>
                  {t("merge")}
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      <Suspense fallback={null}>
        {dialog === "delete" ? (
          <DeleteBottleDialog bottle={data} onClose={close} />
        ) : dialog === "merge" ? (
          <MergeBottleDialog bottle={data} onClose={close} />
        ) : null}
      </Suspense>
      {data.aliases.length > 0 ? (
        <Text size="sm" c="dimmed" mb="md" data-testid="bottle-aliases">
          {t("aliases", { names: data.aliases.join(", ") })}
        </Text>
      ) : null}
      <Stack gap={40}>
        <Grid gap="lg" align="stretch">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder padding="lg" h="100%">
              <Stack>
                <BottleImage
                  bottleId={data.id}
                  name={data.name}
                  hasImage={data.hasImage}
                  imageVersion={data.imageVersion}
                />
                {isMember ? (
                  <Suspense fallback={null}>
                    <ImageUpload bottleId={data.id} />
                  </Suspense>
                ) : null}
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder padding="lg" h="100%">
              {isMember ? (
                // The one way a member edits the bottle: each fact where it is shown.
                <Suspense fallback={<Facts bottle={data} withName />}>
                  <EditableFacts bottle={data} />
                </Suspense>
              ) : (
                <Facts bottle={data} />
              )}
            </Card>
          </Grid.Col>
        </Grid>
        <InstancesSection
          bottleId={data.id}
          bottleName={data.name}
          instances={data.bottleInstances}
          isMember={isMember}
        />
        <PouredAtSection bottleId={data.id} />
        <CommentsSection bottleId={data.id} isMember={isMember} />
        {isAdmin ? (
          // Apart from the page's everyday buttons, at its end, and asked first (DeleteBottleDialog).
          <Card withBorder padding="lg" component="section" aria-labelledby="delete-bottle">
            <Stack gap="xs" align="flex-start">
              <Title order={2} fz="h4" id="delete-bottle">
                {t("deleteTitle")}
              </Title>
              <Text size="sm" c="dimmed">
                {t("deleteText")}
              </Text>
              <PageDeleteButton onClick={() => setDialog("delete")}>{t("deleteButton")}</PageDeleteButton>
            </Stack>
          </Card>
        ) : null}
      </Stack>
    </>
  );
}

/** The id in the path: not found when it cannot be one; another id starts the screen afresh. */
export default function BottleDetailsPage() {
  const t = useT(bottleMessages);
  const id = useIdParam("bottleId");
  if (id === null) return <NotFound title={t("notFound")} message={t("notFoundText")} />;
  return <Bottle key={id} id={id} />;
}
