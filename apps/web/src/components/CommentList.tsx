import { Avatar, Group, Paper, Stack, Text } from "@mantine/core";
import "@mantine/core/styles/Avatar.css";
import type { Comment } from "@club/shared";
import { formatDate } from "../lib/format";

const initials = (c: Comment) =>
  `${c.member.firstName.charAt(0)}${c.member.lastName.charAt(0)}`.toUpperCase();

/** Comments with their authors' names, oldest first. */
export function CommentList({ comments }: { comments: readonly Comment[] }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {comments.map((comment) => (
        <Paper component="li" key={comment.id} withBorder p="sm" radius="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Avatar color="amber" radius="xl" size="md" aria-hidden="true">
              {initials(comment)}
            </Avatar>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={700} size="sm">
                  {comment.member.firstName} {comment.member.lastName}
                </Text>
                {comment.createdAt ? (
                  <Text size="xs" c="dimmed">
                    <time dateTime={comment.createdAt}>{formatDate(comment.createdAt)}</time>
                  </Text>
                ) : null}
              </Group>
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {comment.comment}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
