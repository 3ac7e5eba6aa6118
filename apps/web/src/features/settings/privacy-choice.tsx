import {
  AUDIENCES,
  type Audience,
  FRIEND_REQUESTS_FROM,
  FRIENDS_LIST_VISIBLE_TO,
  type FriendRequestsFrom,
  type FriendsListVisibleTo,
  type MessageDescriptor,
  type Privacy,
  type PrivacyInput,
} from '@hearth/contract';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useUpdatePrivacyMutation } from '../../api/privacy';
import { translate, useT } from '../../i18n';
import { AudienceIcon } from '../../ui/audience-icons';
import { ErrorBox } from '../../ui/error-box';
import { CheckCircleIcon } from '../../ui/icons';
import radios from '../../ui/radio-options.module.css';
import { privacyMessages as m } from './privacy.messages';
import styles from './privacy.module.css';

interface Option<Value extends string> {
  value: Value;
  name: MessageDescriptor;
  description: MessageDescriptor;
  /** The audience whose icon the option shows. */
  icon: Audience;
}

interface Setting<Key extends keyof Privacy> {
  key: Key;
  /** What the setting is about, in a few words: a checkup step's title. */
  title: MessageDescriptor;
  question: MessageDescriptor;
  explanation: MessageDescriptor;
  options: readonly Option<Privacy[Key]>[];
}

/** One of the three settings, whichever it is. */
export type PrivacySetting = { [Key in keyof Privacy]: Setting<Key> }[keyof Privacy];

/** Each audience's name and description, as the contract's AUDIENCE_LABELS say them. */
const AUDIENCE_TEXTS: Record<
  Audience,
  { name: MessageDescriptor; description: MessageDescriptor }
> = {
  public: { name: m.audiencePublic, description: m.audiencePublicDescription },
  members: { name: m.audienceMembers, description: m.audienceMembersDescription },
  friends: { name: m.audienceFriends, description: m.audienceFriendsDescription },
  only_me: { name: m.audienceOnlyMe, description: m.audienceOnlyMeDescription },
};

/** Who may send friend requests, as FRIEND_REQUESTS_FROM_LABELS names them. */
const FRIEND_REQUESTS_TEXTS: Record<
  FriendRequestsFrom,
  { name: MessageDescriptor; description: MessageDescriptor; icon: Audience }
> = {
  everyone: { name: m.everyone, description: m.everyoneDescription, icon: 'members' },
  friends_of_friends: {
    name: m.friendsOfFriends,
    description: m.friendsOfFriendsDescription,
    icon: 'friends',
  },
};

/** Who sees the friends list, as FRIENDS_LIST_VISIBLE_TO_LABELS names them. */
const FRIENDS_LIST_TEXTS: Record<
  FriendsListVisibleTo,
  { name: MessageDescriptor; description: MessageDescriptor }
> = {
  public: { name: m.everyone, description: m.listPublicDescription },
  friends: { name: m.audienceFriends, description: m.audienceFriendsDescription },
  only_me: { name: m.audienceOnlyMe, description: m.audienceOnlyMeDescription },
};

/** The member's privacy settings, in the order the page and the checkup show them. */
export const PRIVACY_SETTINGS: readonly PrivacySetting[] = [
  {
    key: 'defaultAudience',
    title: m.futurePostsTitle,
    question: m.futurePostsQuestion,
    explanation: m.futurePostsExplanation,
    options: AUDIENCES.map((audience) => ({
      value: audience,
      ...AUDIENCE_TEXTS[audience],
      icon: audience,
    })),
  },
  {
    key: 'friendRequestsFrom',
    title: m.friendRequestsTitle,
    question: m.friendRequestsQuestion,
    explanation: m.friendRequestsExplanation,
    options: FRIEND_REQUESTS_FROM.map((value) => ({ value, ...FRIEND_REQUESTS_TEXTS[value] })),
  },
  {
    key: 'friendsListVisibleTo',
    title: m.friendsListTitle,
    question: m.friendsListQuestion,
    explanation: m.friendsListExplanation,
    options: FRIENDS_LIST_VISIBLE_TO.map((value) => ({
      value,
      ...FRIENDS_LIST_TEXTS[value],
      icon: value,
    })),
  },
];

/** The name of the choice `settings` holds for `setting`, as the options call it. */
export function chosenName(setting: PrivacySetting, settings: Privacy): string {
  const value = settings[setting.key];
  const option = setting.options.find((choice: Option<string>) => choice.value === value);
  return option ? translate(option.name) : value;
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
  const t = useT();
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
      <legend className={styles.question}>{t(setting.question)}</legend>
      <p id={`${id}-explanation`} className={radios.explanation}>
        {t(setting.explanation)}
      </p>
      <div className={radios.options}>
        {setting.options.map((option: Option<string>) => (
          <label key={option.value} className={radios.option}>
            <span className={styles.optionIcon}>
              <AudienceIcon audience={option.icon} width={24} height={24} />
            </span>
            <span className={radios.optionText}>
              <span id={`${id}-${option.value}-name`} className={radios.optionName}>
                {t(option.name)}
              </span>
              <span id={`${id}-${option.value}-description`} className={radios.optionDescription}>
                {t(option.description)}
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
          t(m.saving)
        ) : update.isSuccess ? (
          <>
            <CheckCircleIcon className={styles.savedIcon} width={18} height={18} />
            {t(m.saved)}
          </>
        ) : null}
      </p>
      {update.isError && (
        <ErrorBox message={errorMessage(update.error)} onRetry={() => update.reset()} />
      )}
    </fieldset>
  );
}
