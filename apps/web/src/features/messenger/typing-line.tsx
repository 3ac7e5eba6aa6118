import type { Conversation } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TypingData } from '../../api/messenger-cache';
import { messengerKeys } from '../../api/messenger-keys';
import { useT } from '../../i18n';
import { messengerMessages as m } from './messenger.messages';
import styles from './messenger.module.css';

/** '… is typing' while another member's latest signal is fresh (TYPING_SHOWN_MS). */
export function TypingLine({ conversation }: { conversation: Conversation }) {
  const t = useT();
  const { data } = useQuery<TypingData>({
    queryKey: messengerKeys.typing(conversation._id),
    queryFn: () => ({}),
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // A render when the next signal runs out; each new signal renders on its own.
  const [, setTick] = useState(0);
  const now = Date.now();
  const typing = Object.entries(data ?? {}).filter(([, until]) => until > now);
  const nextEnd = Math.min(...typing.map(([, until]) => until));
  useEffect(() => {
    if (!Number.isFinite(nextEnd)) return;
    const timer = setTimeout(() => setTick((tick) => tick + 1), Math.max(0, nextEnd - Date.now()));
    return () => clearTimeout(timer);
  }, [nextEnd]);

  const first = typing[0] && conversation.members.find((member) => member._id === typing[0]?.[0]);
  return (
    <p className={styles.typing} aria-live="polite" data-testid="typing">
      {first ? t(m.typing, { name: first.first_name }) : ''}
    </p>
  );
}
