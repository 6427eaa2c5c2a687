import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { COMMENT_MAX_LENGTH, commentBody, commentLength, type EventComment, type EventResponse } from '@holeout/contracts';
import { useId, useState, type FormEvent } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { personName } from '../../../lib/people.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useDeleteComment, useEventComments, usePostComment } from '../api/event-comments.ts';

const MAX_LABEL = COMMENT_MAX_LENGTH.toLocaleString('en');

/** Why the text cannot be posted as it is, by the contract's own rule; null when it can. */
function problemOf(text: string): string | null {
  if (text.trim() === '') return null;
  if (commentLength(text) > COMMENT_MAX_LENGTH) return `A comment is at most ${MAX_LABEL} characters.`;
  const parsed = commentBody.safeParse({ body: text });
  return parsed.success ? null : 'Use plain text: no control, invisible or direction-changing characters.';
}

function CommentItem({ comment, mayDelete, eventId }: { comment: EventComment; mayDelete: boolean; eventId: number }) {
  const remove = useDeleteComment(eventId);
  const name = personName(comment);
  const when = formatDateTime(comment.created_at);
  function confirmDelete() {
    modals.openConfirmModal({
      title: 'Delete comment',
      children: <Text size="sm">Are you sure you want to delete this comment by {name}? This cannot be undone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: DANGER },
      onConfirm: () => remove.mutate(comment.comment_id),
    });
  }
  return (
    <Paper component="li" withBorder p="sm" data-testid="event-comment">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div>
          <Text fw={700} size="sm">
            {name}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={comment.created_at}>
            {when}
          </Text>
        </div>
        {mayDelete && (
          <Button
            variant="outline"
            color={DANGER}
            size="sm"
            h={44}
            style={{ flexShrink: 0 }}
            onClick={confirmDelete}
            loading={remove.isPending}
            aria-label={`Delete the comment by ${name} from ${when}`}
          >
            Delete
          </Button>
        )}
      </Group>
      {/* Plain text as React text (never HTML), with its line breaks and tabs kept. */}
      <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.body}
      </Text>
    </Paper>
  );
}

/**
 * The comments under an event: the thread oldest first, and a form to add one. Anyone who sees the
 * event may comment; one's own comments, and every comment on one's own event, may be deleted.
 */
export function EventComments({ event }: { event: EventResponse }) {
  const uid = useSession((s) => s.user.uid);
  const comments = useEventComments(event.event_id);
  const post = usePostComment(event.event_id);
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const headingId = useId();
  const owner = event.uid === uid;
  const length = commentLength(text);
  const problem = problemOf(text);
  const canPost = text.trim() !== '' && problem === null && !post.isPending;

  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (!canPost) return;
    setRefusal(null);
    post.mutate(text, {
      onSuccess: () => setText(''),
      onError: (error) => setRefusal(error.message || 'The comment could not be posted. Try again.'),
    });
  }

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        Comments
      </Title>
      {comments.isPending && (
        <Center mih={60}>
          <Loader size="sm" aria-label="Loading comments" />
        </Center>
      )}
      {comments.isError && (
        <Alert color="gray" variant="light" title="The comments could not be loaded">
          <Text size="sm">Try again in a moment.</Text>
        </Alert>
      )}
      {comments.data && comments.data.comments.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="comments-empty">
          No comments yet. {owner ? 'Those you share this with can comment here.' : 'Be the first to comment.'}
        </Text>
      )}
      {comments.data && comments.data.comments.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Comments">
          {comments.data.comments.map((comment) => (
            <CommentItem key={comment.comment_id} comment={comment} eventId={event.event_id} mayDelete={owner || comment.uid === uid} />
          ))}
        </Stack>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Textarea
            label="Add a comment"
            rows={4}
            value={text}
            onChange={(change) => {
              setText(change.currentTarget.value);
              setRefusal(null);
            }}
            description={`${length.toLocaleString('en')} / ${MAX_LABEL} characters`}
            error={problem}
          />
          <Text size="sm" c={DANGER} role="alert" aria-live="assertive" data-testid="comment-refusal">
            {refusal}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" h={44} disabled={!canPost} loading={post.isPending}>
              Post
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
