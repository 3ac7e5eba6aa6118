import {
  AUDIENCE_LABELS,
  AUDIENCES,
  type Audience,
  FRIEND_REQUESTS_FROM,
  FRIEND_REQUESTS_FROM_LABELS,
  FRIENDS_LIST_VISIBLE_TO,
  FRIENDS_LIST_VISIBLE_TO_LABELS,
  type Privacy,
  type PrivacyInput,
} from '@hearth/contract';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useUpdatePrivacyMutation } from '../../api/privacy';
import { AudienceIcon } from '../../ui/audience-icons';
import { ErrorBox } from '../../ui/error-box';
import { CheckCircleIcon } from '../../ui/icons';
import radios from '../../ui/radio-options.module.css';
import styles from './privacy.module.css';

interface Option<Value extends string> {
  value: Value;
  name: string;
  description: string;
  /** The audience whose icon the option shows. */
  icon: Audience;
}

interface Setting<Key extends keyof Privacy> {
  key: Key;
  /** What the setting is about, in a few words: a checkup step's title. */
  title: string;
  question: string;
  explanation: string;
  options: readonly Option<Privacy[Key]>[];
}

/** One of the three settings, whichever it is. */
export type PrivacySetting = { [Key in keyof Privacy]: Setting<Key> }[keyof Privacy];

/** The member's privacy settings, in the order the page and the checkup show them. */
export const PRIVACY_SETTINGS: readonly PrivacySetting[] = [
  {
    key: 'defaultAudience',
    title: 'Your future posts',
    question: 'Who can see your future posts?',
    explanation:
      'Your new posts, profile pictures and cover photos start with this audience. You can ' +
      "still choose another one for each post, and change it later from the post's menu.",
    options: AUDIENCES.map((audience) => ({
      value: audience,
      ...AUDIENCE_LABELS[audience],
      icon: audience,
    })),
  },
  {
    key: 'friendRequestsFrom',
    title: 'Friend requests',
    question: 'Who can send you friend requests?',
    explanation: 'Anyone else sees no Add Friend button on your profile.',
    options: FRIEND_REQUESTS_FROM.map((value) => ({
      value,
      name: FRIEND_REQUESTS_FROM_LABELS[value],
      ...(value === 'everyone'
        ? { description: 'Any member of this server', icon: 'members' as const }
        : { description: 'Members who share a friend with you', icon: 'friends' as const }),
    })),
  },
  {
    key: 'friendsListVisibleTo',
    title: 'Your friends list',
    question: 'Who can see your friends list?',
    explanation:
      'Who sees your friends, and how many you have, on your profile. You always see them.',
    options: FRIENDS_LIST_VISIBLE_TO.map((value) => ({
      value,
      name: FRIENDS_LIST_VISIBLE_TO_LABELS[value],
      description: {
        public: 'Anyone who can see your profile',
        friends: 'Your friends on Hearth',
        only_me: 'Only you',
      }[value],
      icon: value,
    })),
  },
];

/** The name of the choice `settings` holds for `setting`, as the options call it. */
export function chosenName(setting: PrivacySetting, settings: Privacy): string {
  const value = settings[setting.key];
  return setting.options.find((option) => option.value === value)?.name ?? value;
}

/**
 * One setting: its question as the group's legend, a radio row per choice (arrow keys move, as
 * between any radio buttons). A choice is saved at once; 'Saved' says so, and a refusal shows
 * the server's sentence with the setting put back.
 */
export function PrivacyChoice({
  setting,
  settings,
}: {
  setting: PrivacySetting;
  settings: Privacy;
}) {
  const update = useUpdatePrivacyMutation();
  const id = useId();
  // The choice shows in the same render as the click (the cache's optimistic update comes a
  // moment later, after the queued change starts): a controlled radio never flicks back.
  const [picked, setPicked] = useState<string | undefined>();
  const chosen = picked ?? settings[setting.key];

  function choose(value: string) {
    if (value === chosen) return;
    setPicked(value);
    update.mutate({ [setting.key]: value } as PrivacyInput, {
      onSettled: () => setPicked((current) => (current === value ? undefined : current)),
    });
  }

  return (
    <fieldset className={styles.setting} aria-describedby={`${id}-explanation`}>
      <legend className={styles.question}>{setting.question}</legend>
      <p id={`${id}-explanation`} className={radios.explanation}>
        {setting.explanation}
      </p>
      <div className={radios.options}>
        {setting.options.map((option: Option<string>) => (
          <label key={option.value} className={radios.option}>
            <span className={styles.optionIcon}>
              <AudienceIcon audience={option.icon} width={24} height={24} />
            </span>
            <span className={radios.optionText}>
              <span id={`${id}-${option.value}-name`} className={radios.optionName}>
                {option.name}
              </span>
              <span id={`${id}-${option.value}-description`} className={radios.optionDescription}>
                {option.description}
              </span>
            </span>
            <input
              type="radio"
              name={id}
              value={option.value}
              checked={chosen === option.value}
              className={radios.radio}
              aria-labelledby={`${id}-${option.value}-name`}
              aria-describedby={`${id}-${option.value}-description`}
              onChange={() => choose(option.value)}
            />
          </label>
        ))}
      </div>
      <p role="status" className={styles.status}>
        {update.isPending ? (
          'Saving…'
        ) : update.isSuccess ? (
          <>
            <CheckCircleIcon className={styles.savedIcon} width={18} height={18} />
            Saved
          </>
        ) : null}
      </p>
      {update.isError && (
        <ErrorBox message={errorMessage(update.error)} onRetry={() => update.reset()} />
      )}
    </fieldset>
  );
}
