import { DETAILS_MESSAGES, PROFILE_MESSAGES } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test-support/factories.js';
import { jpeg, png } from '../../test-support/images.js';
import { createPost } from '../../test-support/posts-api.js';
import { useTestApp } from '../../test-support/test-app.js';
import { publicAddress } from '../../test-support/test-config.js';
import { uploadedUrl } from '../../test-support/uploads.js';
import { getProfile, updateDetails, updatePicture } from '../../test-support/users-api.js';

const OTHER_DETAILS = [
  'otherName',
  'job',
  'workplace',
  'highSchool',
  'college',
  'currentCity',
  'hometown',
  'instagram',
] as const;

describe('updateUserDetails', () => {
  const ctx = useTestApp();

  it('stores the whole details object and answers it; the profile shows it', async () => {
    const ada = await buildUser(ctx);
    const infos = {
      bio: 'b'.repeat(100),
      otherName: 'o'.repeat(25),
      job: 'Analyst',
      workplace: 'Analytical Engine Co',
      highSchool: 'Home schooled',
      college: 'Self taught',
      currentCity: 'London',
      hometown: 'London',
      relationship: 'Married',
      instagram: 'ada',
    };
    const res = await updateDetails(ctx.app, ada.token, infos);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(infos);
    expect((await getProfile(ctx.app, ada.token, ada.user.username)).details).toEqual(infos);
  });

  it('the body replaces the details: a field left out is removed, an empty one kept empty', async () => {
    const ada = await buildUser(ctx);
    await updateDetails(ctx.app, ada.token, { bio: 'first bio', job: 'Analyst' });
    const res = await updateDetails(ctx.app, ada.token, { bio: 'second bio', relationship: '' });
    expect(res.json()).toEqual({ bio: 'second bio', relationship: '' });
    expect((await getProfile(ctx.app, ada.token, ada.user.username)).details).toEqual({
      bio: 'second bio',
      relationship: '',
    });
  });

  it('a bio of 101 characters is refused and the stored details stay', async () => {
    const ada = await buildUser(ctx);
    await updateDetails(ctx.app, ada.token, { bio: 'kept' });
    const res = await updateDetails(ctx.app, ada.token, { bio: 'b'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: DETAILS_MESSAGES.bioMax });
    expect((await getProfile(ctx.app, ada.token, ada.user.username)).details).toEqual({
      bio: 'kept',
    });
  });

  it('every other detail takes 25 characters and refuses 26', async () => {
    const ada = await buildUser(ctx);
    for (const field of OTHER_DETAILS) {
      const fits = await updateDetails(ctx.app, ada.token, { [field]: 'x'.repeat(25) });
      expect([field, fits.statusCode, fits.json()]).toEqual([
        field,
        200,
        { [field]: 'x'.repeat(25) },
      ]);
      const tooLong = await updateDetails(ctx.app, ada.token, { [field]: 'x'.repeat(26) });
      expect([field, tooLong.statusCode, tooLong.json()]).toEqual([
        field,
        400,
        { message: DETAILS_MESSAGES.detailMax },
      ]);
    }
  });

  it('relationship is one of the four values or empty', async () => {
    const ada = await buildUser(ctx);
    for (const relationship of ['Single', 'In a relationship', 'Married', 'Divorced', '']) {
      const res = await updateDetails(ctx.app, ada.token, { relationship });
      expect([relationship, res.statusCode, res.json()]).toEqual([
        relationship,
        200,
        { relationship },
      ]);
    }
    for (const relationship of ['single', 'Complicated']) {
      const res = await updateDetails(ctx.app, ada.token, { relationship });
      expect([relationship, res.statusCode, res.json()]).toEqual([
        relationship,
        400,
        { message: DETAILS_MESSAGES.relationship },
      ]);
    }
  });

  it('spaces around a detail are trimmed before they are counted and stored', async () => {
    const ada = await buildUser(ctx);
    const res = await updateDetails(ctx.app, ada.token, { job: `  ${'j'.repeat(25)}  ` });
    expect(res.json()).toEqual({ job: 'j'.repeat(25) });
  });

  it('a body without infos is refused', async () => {
    const ada = await buildUser(ctx);
    const res = await updateDetails(ctx.app, ada.token, undefined);
    expect(res.statusCode).toBe(400);
  });
});

describe('updateProfilePicture and updateCoverPicture', () => {
  const ctx = useTestApp();

  it('a member’s own upload becomes their picture, shown on the profile and on their posts', async () => {
    const ada = await buildUser(ctx);
    const url = await uploadedUrl(
      ctx.app,
      ada.token,
      `${ada.user.username}/profile_pictures`,
      await jpeg(),
    );
    const res = await updatePicture(ctx.app, ada.token, 'profile', url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe('ok');
    // The web then posts the new picture, as the spec's profile-picture flow does.
    const post = await createPost(ctx.app, ada.token, {
      type: 'profilePicture',
      text: 'new me',
      images: [{ url }],
    });
    expect(post.statusCode).toBe(201);

    const profile = await getProfile(ctx.app, ada.token, ada.user.username);
    expect(profile.picture).toBe(url);
    expect(profile.posts[0]).toMatchObject({
      type: 'profilePicture',
      images: [{ url }],
      user: { picture: url },
    });
  });

  it('an older photo from any of the member’s folders can become the cover', async () => {
    const ada = await buildUser(ctx);
    const older = await uploadedUrl(
      ctx.app,
      ada.token,
      `${ada.user.username}/post_images`,
      await png(),
    );
    const res = await updatePicture(ctx.app, ada.token, 'cover', older);
    expect([res.statusCode, res.json()]).toEqual([200, 'ok']);
    expect((await getProfile(ctx.app, ada.token, ada.user.username)).cover).toBe(older);
  });

  it('another member’s upload is refused as picture and as cover', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const bobs = await uploadedUrl(
      ctx.app,
      bob.token,
      `${bob.user.username}/profile_pictures`,
      await jpeg(),
    );
    const picture = await updatePicture(ctx.app, ada.token, 'profile', bobs);
    expect([picture.statusCode, picture.json()]).toEqual([
      400,
      { message: PROFILE_MESSAGES.pictureNotYours },
    ]);
    const cover = await updatePicture(ctx.app, ada.token, 'cover', bobs);
    expect([cover.statusCode, cover.json()]).toEqual([
      400,
      { message: PROFILE_MESSAGES.coverNotYours },
    ]);
    const profile = await getProfile(ctx.app, ada.token, ada.user.username);
    expect([profile.picture, profile.cover]).toEqual([publicAddress(ada.user.picture), '']);
  });

  it('a url that was never uploaded is refused', async () => {
    const ada = await buildUser(ctx);
    const res = await updatePicture(ctx.app, ada.token, 'profile', 'https://evil.example/me.jpg');
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { message: PROFILE_MESSAGES.pictureNotYours },
    ]);
    const empty = await updatePicture(ctx.app, ada.token, 'cover', '');
    expect(empty.statusCode).toBe(400);
  });
});
