import { IconBarbell, IconGolf, IconNote, IconSchool, IconTarget, type Icon } from '@tabler/icons-react';
import type { EventType } from '@holeout/golf';

/** Each type's icon: the cue beside the colour, so no one needs the colour to tell types apart. */
const TYPE_ICONS: Record<EventType, Icon> = {
  ROUND: IconGolf,
  PRACTICE: IconTarget,
  LESSON: IconSchool,
  WORKOUT: IconBarbell,
  NOTE: IconNote,
};

export function EventTypeIcon({ type, size = 14 }: { type: EventType; size?: number }) {
  const TypeIcon = TYPE_ICONS[type];
  return <TypeIcon size={size} aria-hidden stroke={2} style={{ flexShrink: 0 }} />;
}
