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

const votesWord = (n: number) => (n === 1 ? "1 vote" : `${n} votes`);

function AddWishDialog({ onClose }: { onClose: () => void }) {
  const [bottleName, setBottleName] = useState("");
  const [note, setNote] = useState("");
  const add = trpc.wishlist.add.useMutation({
    onSuccess: () => {
      notify(`${bottleName.trim()} is on the wishlist.`);
      onClose();
    },
  });
  return (
    <FormDialog
      title="Wish for a bottle"
      onClose={onClose}
      onSubmit={() => add.mutate({ bottleName, note })}
      errors={[failure("Could not add the wish.", add.error)]}
      submitLabel="Add to wishlist"
      submitting={add.isPending}
    >
      <TextInput
        label="Bottle"
        data-autofocus
        value={bottleName}
        onChange={(e) => setBottleName(e.currentTarget.value)}
      />
      <Textarea
        label="Note"
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        autosize
        minRows={2}
      />
    </FormDialog>
  );
}

function BoughtDialog({ wish, onClose }: { wish: Wish; onClose: () => void }) {
  const navigate = useNavigate();
  const [datePurchased, setDate] = useState(new Date().toISOString().slice(0, 10));
  const [price, setPrice] = useState<number | string>("");
  const [abv, setAbv] = useState<number | string>("");
  const bought = trpc.wishlist.bought.useMutation({
    onSuccess: (done) => {
      notify(`${wish.bottleName} is in the library with its purchase.`);
      onClose();
      void navigate(`/bottle/${done.bottleId}`);
    },
  });
  return (
    <FormDialog
      title={`Bought ${wish.bottleName}`}
      onClose={onClose}
      onSubmit={() =>
        bought.mutate({
          id: wish.id,
          datePurchased,
          purchasePrice: Number(price),
          abv: wish.bottleId === null ? Number(abv) : undefined,
        })
      }
      errors={[failure("Could not record the purchase.", bought.error)]}
      submitLabel="Add to the library"
      submitting={bought.isPending}
    >
      <TextInput
        label="Date purchased"
        type="date"
        data-autofocus
        value={datePurchased}
        onChange={(e) => setDate(e.currentTarget.value)}
      />
      <NumberInput label="Price ($)" min={0} decimalScale={2} value={price} onChange={setPrice} />
      {wish.bottleId === null ? (
        <NumberInput label="ABV (%)" min={0} max={100} decimalScale={2} value={abv} onChange={setAbv} />
      ) : null}
    </FormDialog>
  );
}

function WishCard({ wish, onBought }: { wish: Wish; onBought: (w: Wish) => void }) {
  const vote = trpc.wishlist.vote.useMutation({
    onError: (error) => notify(failureMessage(error, "Could not save the vote."), "red"),
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
              Added by {wish.addedBy}
            </Text>
          ) : null}
        </div>
        <Text fw={800} aria-label={votesWord(wish.votes)}>
          {votesWord(wish.votes)}
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
          {wish.myVote ? "Voted" : "Vote"}
        </Button>
        <Button h={40} variant="default" onClick={() => onBought(wish)}>
          Bought…
        </Button>
      </Group>
    </Card>
  );
}

/** The club's wishlist: what to buy next, most votes first. */
function Wishlist() {
  const wishes = trpc.wishlist.list.useQuery();
  const [adding, setAdding] = useState(false);
  const [buying, setBuying] = useState<Wish | null>(null);
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button h={40} onClick={() => setAdding(true)}>
          Wish for a bottle
        </Button>
      </Group>
      <Loaded query={wishes} failed="Failed to fetch the wishlist." empty="Nothing on the wishlist yet.">
        {(list) => (
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label="Wishlist">
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
  useTitle("Wishlist");
  const session = useSession();
  return (
    <>
      <PageHeader title="Wishlist" subtitle="Bottles the club wants to buy next, most votes first." />
      {session ? <Wishlist /> : <LogInPrompt>to see the club's wishlist.</LogInPrompt>}
    </>
  );
}
