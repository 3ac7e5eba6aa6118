import { BIO_MAX, type Details } from '@hearth/contract';
import { type FormEvent, Suspense, useId, useState } from 'react';
import { useDetailsMutation } from '../../api/profile';
import { lazyTranslated, T, useT } from '../../i18n';
import buttons from '../../ui/button.module.css';
import { HeartIcon } from '../../ui/feed-icons';
import {
  BriefcaseIcon,
  HouseIcon,
  InstagramIcon,
  MapPinIcon,
  SchoolIcon,
} from '../../ui/profile-icons';
import { profileMessages as m } from './profile.messages';
import styles from './profile-page.module.css';
import { relationshipText, remainingText } from './profile-text';

const DetailsDialog = lazyTranslated(() =>
  import('./details-dialog').then((m) => ({ default: m.DetailsDialog })),
);

/** The details object with every field present, as updateUserDetails takes it. */
export function fullDetails(details: Details): Required<Details> {
  return {
    bio: details.bio ?? '',
    otherName: details.otherName ?? '',
    job: details.job ?? '',
    workplace: details.workplace ?? '',
    highSchool: details.highSchool ?? '',
    college: details.college ?? '',
    currentCity: details.currentCity ?? '',
    hometown: details.hometown ?? '',
    relationship: details.relationship ?? '',
    instagram: details.instagram ?? '',
  };
}

/** The Intro card: bio and details; the owner edits the bio in place and the rest in a dialog. */
export function IntroCard({
  username,
  details,
  own,
}: {
  username: string;
  details: Details;
  own: boolean;
}) {
  const t = useT();
  const save = useDetailsMutation(username);
  const [editingBio, setEditingBio] = useState(false);
  const [editingDetails, setEditingDetails] = useState(false);
  const titleId = useId();
  const info = fullDetails(details);

  const lines: { key: string; icon: React.ReactNode; text: React.ReactNode }[] = [];
  if (info.workplace) {
    lines.push({
      key: 'work',
      icon: <BriefcaseIcon />,
      text: info.job ? (
        <T
          message={m.jobAt}
          values={{ job: info.job, workplace: info.workplace }}
          components={{ 0: <b dir="auto" />, 1: <b dir="auto" /> }}
        />
      ) : (
        <T
          message={m.worksAt}
          values={{ workplace: info.workplace }}
          components={{ 0: <b dir="auto" /> }}
        />
      ),
    });
  } else if (info.job) {
    lines.push({ key: 'work', icon: <BriefcaseIcon />, text: <b dir="auto">{info.job}</b> });
  }
  if (info.college)
    lines.push({
      key: 'college',
      icon: <SchoolIcon />,
      text: (
        <T
          message={m.studiedAt}
          values={{ college: info.college }}
          components={{ 0: <b dir="auto" /> }}
        />
      ),
    });
  if (info.highSchool)
    lines.push({
      key: 'highSchool',
      icon: <SchoolIcon />,
      text: (
        <T
          message={m.wentTo}
          values={{ school: info.highSchool }}
          components={{ 0: <b dir="auto" /> }}
        />
      ),
    });
  if (info.currentCity)
    lines.push({
      key: 'city',
      icon: <HouseIcon />,
      text: (
        <T
          message={m.livesIn}
          values={{ city: info.currentCity }}
          components={{ 0: <b dir="auto" /> }}
        />
      ),
    });
  if (info.hometown)
    lines.push({
      key: 'hometown',
      icon: <MapPinIcon />,
      text: (
        <T
          message={m.from}
          values={{ hometown: info.hometown }}
          components={{ 0: <b dir="auto" /> }}
        />
      ),
    });
  if (info.relationship)
    lines.push({
      key: 'relationship',
      icon: <HeartIcon />,
      text: relationshipText(info.relationship),
    });
  if (info.instagram)
    lines.push({
      key: 'instagram',
      icon: <InstagramIcon />,
      text: (
        <a
          href={`https://www.instagram.com/${encodeURIComponent(info.instagram)}`}
          target="_blank"
          rel="noopener noreferrer"
          dir="auto"
        >
          {info.instagram}
        </a>
      ),
    });

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {t(m.intro)}
      </h2>
      {editingBio ? (
        <BioEditor
          initial={info.bio}
          pending={save.isPending}
          onCancel={() => setEditingBio(false)}
          onSave={(bio) => save.mutate({ ...info, bio }, { onSuccess: () => setEditingBio(false) })}
        />
      ) : (
        <>
          {info.bio && (
            <p className={styles.bio} dir="auto">
              {info.bio}
            </p>
          )}
          {info.otherName && (
            <p className={styles.otherName}>
              <T
                message={m.alsoKnownAs}
                values={{ name: info.otherName }}
                components={{ 0: <span dir="auto" /> }}
              />
            </p>
          )}
          {own && (
            <button
              type="button"
              className={`${buttons.secondary} ${styles.wideButton}`}
              onClick={() => setEditingBio(true)}
            >
              {info.bio ? t(m.editBio) : t(m.addBio)}
            </button>
          )}
        </>
      )}
      {lines.length > 0 && (
        <ul className={styles.details}>
          {lines.map((line) => (
            <li key={line.key}>
              <span className={styles.detailIcon}>{line.icon}</span>
              <span>{line.text}</span>
            </li>
          ))}
        </ul>
      )}
      {own && (
        <button
          type="button"
          className={`${buttons.secondary} ${styles.wideButton}`}
          onClick={() => setEditingDetails(true)}
        >
          {t(m.editDetails)}
        </button>
      )}
      {editingDetails && (
        <Suspense fallback={null}>
          <DetailsDialog
            details={info}
            pending={save.isPending}
            onClose={() => setEditingDetails(false)}
            onSave={(next) => save.mutate(next, { onSuccess: () => setEditingDetails(false) })}
          />
        </Suspense>
      )}
    </section>
  );
}

function BioEditor({
  initial,
  pending,
  onCancel,
  onSave,
}: {
  initial: string;
  pending: boolean;
  onCancel: () => void;
  onSave: (bio: string) => void;
}) {
  const t = useT();
  const [bio, setBio] = useState(initial.slice(0, BIO_MAX));
  const counterId = useId();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!pending) onSave(bio);
  }
  return (
    <form className={styles.bioForm} onSubmit={onSubmit} noValidate>
      <textarea
        className={styles.bioField}
        aria-label={t(m.bio)}
        aria-describedby={counterId}
        placeholder={t(m.bioPlaceholder)}
        dir="auto"
        rows={3}
        maxLength={BIO_MAX}
        value={bio}
        // biome-ignore lint/a11y/noAutofocus: the member just asked to edit the bio.
        autoFocus
        onChange={(event) => setBio(event.target.value.slice(0, BIO_MAX))}
      />
      <p id={counterId} className={styles.counter}>
        {remainingText(bio.length, BIO_MAX)}
      </p>
      <div className={styles.formActions}>
        <span className={styles.publicNote}>{t(m.public)}</span>
        <button type="button" className={buttons.secondary} onClick={onCancel}>
          {t(m.cancel)}
        </button>
        <button type="submit" className={buttons.primary} disabled={pending}>
          {t(m.save)}
        </button>
      </div>
    </form>
  );
}
