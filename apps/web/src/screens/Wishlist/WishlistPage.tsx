import { useState } from "react";
import { Anchor, Button, Card, Group, NumberInput, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { Link, useNavigate } from "react-router-dom";
import type { Wish } from "@club/shared";
import { FormDialog } from "../../components/FormDialog";
import { LogInPrompt } from "../../components/LogInPrompt";
import { PageHeader } from "../../components/PageHeader";
import { useSession } from "../../lib/appSession";
import { useTitle } from "../../lib/useTitle";
import { Loaded } from "../../components/status";
import { failure } from "../../lib/errors";
import { failureMessage } from "../../lib/failure";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { currencyPrefix } from "../../lib/money";
import wishlist from "../../locales/en/wishlist.json";
import { defineMessages, useT } from "../../lib/i18n";

/** The Wishlist screen's texts: src/locales/<language>/wishlist.json. */
const wishlistMessages = defineMessages("wishlist", wishlist);

function AddWishDialog({ onClose }: { onClose: () => void }) {
  const t = useT(wishlistMessages);
  const [bottleName, setBottleName] = useState("");
  const [note, setNote] = useState("");
  const add = trpc.wishlist.add.useMutation({
    onSuccess: () => {
      notify(t("added", { name: bottleName.trim() }));
      onClose();
    },
  });
  return (
    <FormDialog
      title={t("add")}
      onClose={onClose}
      onSubmit={() => add.mutate({ bottleName, note })}
      errors={[failure(t("addFailed"), add.error)]}
      submitLabel={t("addSubmit")}
      submitting={add.isPending}
    >
      <TextInput
        label={t("bottle")}
        data-autofocus
        value={bottleName}
        onChange={(e) => setBottleName(e.currentTarget.value)}
      />
      <Textarea
        label={t("note")}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        autosize
        minRows={2}
      />
    </FormDialog>
  );
}

function BoughtDialog({ wish, onClose }: { wish: Wish; onClose: () => void }) {
  const t = useT(wishlistMessages);
  const navigate = useNavigate();
  const [datePurchased, setDate] = useState(new Date().toISOString().slice(0, 10));
  const [price, setPrice] = useState<number | string>("");
  const [abv, setAbv] = useState<number | string>("");
  const bought = trpc.wishlist.bought.useMutation({
    onSuccess: (done) => {
      notify(t("boughtDone", { name: wish.bottleName }));
      onClose();
      void navigate(`/bottle/${done.bottleId}`);
    },
  });
  return (
    <FormDialog
      title={t("boughtTitle", { name: wish.bottleName })}
      onClose={onClose}
      onSubmit={() =>
        bought.mutate({
          id: wish.id,
          datePurchased,
          purchasePrice: Number(price),
          abv: wish.bottleId === null ? Number(abv) : undefined,
        })
      }
      errors={[failure(t("boughtFailed"), bought.error)]}
      submitLabel={t("boughtSubmit")}
      submitting={bought.isPending}
    >
      <TextInput
        label={t("datePurchased")}
        type="date"
        data-autofocus
        value={datePurchased}
        onChange={(e) => setDate(e.currentTarget.value)}
      />
      <NumberInput
        label={t("price", { currency: currencyPrefix().trim() })}
        min={0}
        decimalScale={2}
        value={price}
        onChange={setPrice}
      />
      {wish.bottleId === null ? (
        <NumberInput label={t("abv")} min={0} max={100} decimalScale={2} value={abv} onChange={setAbv} />
      ) : null}
    </FormDialog>
  );
}

function WishCard({ wish, onBought }: { wish: Wish; onBought: (w: Wish) => void }) {
  const t = useT(wishlistMessages);
  const vote = trpc.wishlist.vote.useMutation({
    onError: (error) => notify(failureMessage(error, t("voteFailed")), "red"),
  });
  return (
    <Card component="li" withBorder padding="md" aria-label={wish.bottleName}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0, overflowWrap: "anywhere" }}>
          {wish.bottleId !== null ? (
            <Anchor component={Link} to={`/bottle/${wish.bottleId}`} fw={700}>
              {wish.bottleName}
            </Anchor>
          ) : (
            <Text fw={700}>{wish.bottleName}</Text>
          )}
          {wish.addedBy ? (
            <Text size="sm" c="dimmed">
              {t("addedBy", { name: wish.addedBy })}
            </Text>
          ) : null}
        </div>
        <Text fw={800} aria-label={t("votes", { count: wish.votes })}>
          {t("votes", { count: wish.votes })}
        </Text>
      </Group>
      {wish.note ? (
        <Text size="sm" mt={6} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {wish.note}
        </Text>
      ) : null}
      <Group gap="xs" mt="sm">
        <Button
          h={40}
          variant={wish.myVote ? "light" : "default"}
          aria-pressed={wish.myVote}
          loading={vote.isPending}
          onClick={() => vote.mutate({ id: wish.id, vote: !wish.myVote })}
        >
          {wish.myVote ? t("voted") : t("vote")}
        </Button>
        <Button h={40} variant="default" onClick={() => onBought(wish)}>
          {t("bought")}
        </Button>
      </Group>
    </Card>
  );
}

/** The club's wishlist: what to buy next, most votes first. */
function Wishlist() {
  const t = useT(wishlistMessages);
  const wishes = trpc.wishlist.list.useQuery();
  const [adding, setAdding] = useState(false);
  const [buying, setBuying] = useState<Wish | null>(null);
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button h={40} onClick={() => setAdding(true)}>
          {t("add")}
        </Button>
      </Group>
      <Loaded query={wishes} failed={t("failed")} empty={t("empty")}>
        {(list) => (
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("list")}>
            {list.map((w) => (
              <WishCard key={w.id} wish={w} onBought={setBuying} />
            ))}
          </Stack>
        )}
      </Loaded>
      {adding ? <AddWishDialog onClose={() => setAdding(false)} /> : null}
      {buying ? <BoughtDialog wish={buying} onClose={() => setBuying(null)} /> : null}
    </Stack>
  );
}

/** /wishlist: bottles the club wants to buy next, with votes and a note. */
export default function WishlistPage() {
  const t = useT(wishlistMessages);
  useTitle(t("title"));
  const session = useSession();
  return (
    <>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {session ? <Wishlist /> : <LogInPrompt>{t("logIn")}</LogInPrompt>}
    </>
  );
}
