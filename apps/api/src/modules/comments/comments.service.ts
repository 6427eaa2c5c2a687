import type { CommentBody, EventComment, EventResponse } from '@holeout/contracts';
import { ApiError, notFound } from '../../lib/api-error.ts';
import type { Caller } from '../auth/auth.module.ts';
import type { EventsReader } from '../events/events.module.ts';
import type { Notifier } from '../notifications/notifications.module.ts';
import type { CommentsRepository } from './comments.repository.ts';

export interface CommentsServiceDeps {
  repository: CommentsRepository;
  /** Who may see an event is the events module's rule (the share ladder): comments follow it. */
  events: Pick<EventsReader, 'answersFor'>;
  notifier: Pick<Notifier, 'add'>;
}

const EVENT_NOT_FOUND = 'No such event';
const COMMENT_NOT_FOUND = 'No such comment';
/** How much of a comment its notification quotes. */
const EXCERPT_LENGTH = 140;

function displayName(caller: Caller): string {
  const name = `${caller.user.first_name} ${caller.user.last_name}`.trim();
  return name || 'A golfer';
}

/** The first line of a comment, cut to EXCERPT_LENGTH code points. */
function excerptOf(body: string): string {
  const [first = ''] = body.split('\n');
  const points = [...first];
  return points.length > EXCERPT_LENGTH ? `${points.slice(0, EXCERPT_LENGTH).join('')}…` : first;
}

function whatIs(event: EventResponse): string {
  if (event.title) return `"${event.title}"`;
  return event.event_type === 'ROUND' ? 'your round' : `your ${event.event_type.toLowerCase()}`;
}

/**
 * Comments on events: anyone who may see an event may read and add its comments; a comment may be
 * deleted by its author or by the event's owner. The owner is told of others' comments
 * (EVENT_COMMENT), in the transaction that stores the comment.
 */
export class CommentsService {
  constructor(private readonly deps: CommentsServiceDeps) {}

  /** The event as the caller sees it; 404 when they may not see it (or it does not exist). */
  private async visibleEvent(caller: Caller, eventId: number): Promise<EventResponse> {
    const [event] = await this.deps.events.answersFor(caller, [eventId]);
    if (!event) throw notFound(EVENT_NOT_FOUND);
    return event;
  }

  async list(caller: Caller, eventId: number): Promise<EventComment[]> {
    await this.visibleEvent(caller, eventId);
    return this.deps.repository.list(eventId);
  }

  async add(caller: Caller, eventId: number, body: CommentBody): Promise<EventComment> {
    const event = await this.visibleEvent(caller, eventId);
    const { repository } = this.deps;
    return repository.db.transaction(async (tx) => {
      const comment = await repository.insert(tx, eventId, caller.uid, body.body);
      if (!comment) throw notFound(EVENT_NOT_FOUND);
      if (event.uid !== caller.uid) {
        await this.deps.notifier.add(tx, [
          {
            uid: event.uid,
            type: 'EVENT_COMMENT',
            title: event.event_type === 'ROUND' ? 'A comment on your round' : 'A comment on your event',
            body: `${displayName(caller)} commented on ${whatIs(event)}: ${excerptOf(comment.body)}`,
            nav_loc: `event?event_id=${eventId}`,
          },
        ]);
      }
      return comment;
    });
  }

  /**
   * Deletes a comment: its author may always (their own words, even on an event no longer shared
   * with them); anyone else must see the event (404 otherwise) and own it (403 otherwise).
   */
  async remove(caller: Caller, commentId: number): Promise<void> {
    const found = await this.deps.repository.find(commentId);
    if (!found) throw notFound(COMMENT_NOT_FOUND);
    if (found.uid !== caller.uid) {
      let event: EventResponse;
      try {
        event = await this.visibleEvent(caller, found.event_id);
      } catch (error) {
        // A comment on an event the caller cannot see is, to them, no comment at all.
        if (error instanceof ApiError && error.statusCode === 404) throw notFound(COMMENT_NOT_FOUND);
        throw error;
      }
      if (event.uid !== caller.uid) throw new ApiError(403, 'FORBIDDEN', "Only the comment's author or the event's owner may delete it.");
    }
    await this.deps.repository.delete(commentId);
  }
}
