import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Agent, buildTestApp } from '../apps/api/test/app.ts';
import { buildArtwork, buildUser, loginAs, type UserRow } from '../apps/api/test/factories.ts';
import { artworks, collections, follows } from '../apps/api/src/db/schema/index.ts';
import { makeZip } from '../apps/api/test/zip.ts';
import { buildWorld, ROLES, type Role, type World } from './world.ts';
import { report, SEED } from './seed.ts';

/**
 * Issue #15 (3), the authorization matrix: every operation of docs/openapi.json (issue #29) × every role, against a fresh
 * world per cell, with the status each role must get. A mismatch is printed as `endpoint role: expected → got`.
 * Then generated worlds (random members, premium flags, drafts, private work, collections) check that no listing,
 * search, detail, profile tab or server-rendered page shows a hidden artwork to anyone but its author.
 */

let app: FastifyInstance;
let n = 0;
beforeAll(async () => {
  // With the web build (made by the suite's global setup), so pages are rendered on the server as in production.
  app = await buildTestApp({ RATE_LIMITS: 'off', JOBS_POLL_MS: 0, WEB_DIST: inject('webDist') });
});
afterAll(() => app?.close());

const world = () => buildWorld(app, ++n);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** guest, user, other, owner, premium, staff, inviteOwner, juror */
type Statuses = [number, number, number, number, number, number, number, number];

interface Cell {
  /** The operation as docs/openapi.json names it (`PUT /api/v1/artworks/{id}/`): the coverage test reads these. */
  route: string;
  name: string;
  request: (w: World) => { method: Method; url: string; body?: unknown; headers?: Record<string, string> };
  expect: Statuses;
  /**
   * For a read that filters rather than refuses (a list everyone may ask for): a private text of the world that a
   * successful answer may hold only for these roles, and must hold for them.
   */
  secret?: { text: (w: World) => string; sees: Role[] };
}

const png = { filename: 'a.png', type: 'image/png', width: 10, height: 10, size: 100 };
const inviteBody = () => ({ title: 'Renamed', closed: new Date(Date.now() + 30 * 86_400_000).toISOString() });
const cell = (route: string, name: string, request: Cell['request'], expect: Statuses, secret?: Cell['secret']): Cell => ({
  route,
  name,
  request,
  expect,
  secret,
});
const ALL_200: Statuses = [200, 200, 200, 200, 200, 200, 200, 200];
const ALL_404: Statuses = [404, 404, 404, 404, 404, 404, 404, 404];
const ALL_REDIRECT: Statuses = [303, 303, 303, 303, 303, 303, 303, 303];
/** A public list or page: none of its answers shows the owner's draft. */
const hidden: Cell['secret'] = { text: (w) => w.draftTitle, sees: [] };
const get = (url: string) => ({ method: 'GET' as const, url });
const post = (url: string, body?: unknown) => ({ method: 'POST' as const, url, body });
const put = (url: string, body?: unknown) => ({ method: 'PUT' as const, url, body });
const patch = (url: string, body?: unknown) => ({ method: 'PATCH' as const, url, body });
const del = (url: string) => ({ method: 'DELETE' as const, url });
const MATRIX: Cell[] = [
  // Artworks (SPEC §6: the author edits and deletes; staff set levels; hidden work is a 404 to others).
  cell('GET /api/v1/artworks/{id}/', 'read a draft', (w) => get(`/api/v1/artworks/${w.draft}/`), [404, 404, 404, 200, 404, 200, 404, 404]),
  cell(
    'GET /api/v1/artworks/{id}/credentials/',
    "a draft's Content Credentials (issue #35: whoever can see the work)",
    (w) => get(`/api/v1/artworks/${w.draft}/credentials/`),
    [404, 404, 404, 200, 404, 200, 404, 404],
  ),
  cell(
    'GET /api/v1/users/{id}/artworks/',
    "the owner's drafts tab",
    (w) => get(`/api/v1/users/${w.users.owner.id}/artworks/?draft=true&limit=100`),
    [404, 404, 404, 200, 404, 404, 404, 404],
    { text: (w) => w.draftTitle, sees: ['owner'] },
  ),
  cell(
    'GET /api/v1/artworks/{id}/matches/',
    "near copies of an artwork's images (issue #31: its author and staff)",
    (w) => get(`/api/v1/artworks/${w.artwork}/matches/`),
    [403, 403, 403, 200, 403, 200, 403, 403],
  ),
  cell('POST /api/v1/artworks/', 'create an artwork', () => post('/api/v1/artworks/', { title: 'New' }), [403, 201, 201, 201, 201, 201, 201, 201]),
  cell(
    'PUT /api/v1/artworks/{id}/',
    'edit an artwork',
    (w) => put(`/api/v1/artworks/${w.artwork}/`, { title: 'Edited' }),
    [403, 403, 403, 200, 403, 403, 403, 403],
  ),
  cell('DELETE /api/v1/artworks/{id}/', 'delete an artwork', (w) => del(`/api/v1/artworks/${w.artwork}/`), [403, 403, 403, 204, 403, 403, 403, 403]),
  cell(
    'PATCH /api/v1/artworks/{id}/',
    'set an artwork level',
    (w) => patch(`/api/v1/artworks/${w.artwork}/`, { level: 3 }),
    [403, 403, 403, 403, 403, 200, 403, 403],
  ),
  cell(
    'POST /api/v1/artworks/{id}/presign/',
    'presign an artwork image',
    (w) => post(`/api/v1/artworks/${w.artwork}/presign/`, png),
    [403, 403, 403, 200, 403, 403, 403, 403],
  ),
  cell(
    'PUT /api/v1/artworks/{id}/ai-opt-out/',
    "an artwork's AI-training opt-out",
    (w) => put(`/api/v1/artworks/${w.artwork}/ai-opt-out/`, { ai_opt_out: true }),
    [403, 403, 403, 200, 403, 403, 403, 403],
  ),
  // Issue #34: scheduling and link-only are the author's save; review links are the author's, read by whoever holds one.
  cell(
    'PUT /api/v1/artworks/{id}/',
    'schedule an artwork and make it link-only',
    (w) => put(`/api/v1/artworks/${w.artwork}/`, { publish_at: new Date(Date.now() + 86_400_000).toISOString(), unlisted: true }),
    [403, 403, 403, 200, 403, 403, 403, 403],
  ),
  cell(
    'PATCH /api/v1/artworks/{id}/',
    "schedule an artwork through PATCH (issue #34.1: the fields are the author's, the level staff's)",
    (w) => patch(`/api/v1/artworks/${w.artwork}/`, { publish_at: new Date(Date.now() + 86_400_000).toISOString(), title: 'Later' }),
    [403, 403, 403, 200, 403, 403, 403, 403],
  ),
  cell(
    'POST /api/v1/artworks/{id}/review-links/',
    'create a review link',
    (w) => post(`/api/v1/artworks/${w.draft}/review-links/`, { expires: new Date(Date.now() + 86_400_000).toISOString() }),
    [403, 403, 403, 201, 403, 403, 403, 403],
  ),
  cell(
    'GET /api/v1/artworks/{id}/review-links/',
    "an artwork's review links",
    (w) => get(`/api/v1/artworks/${w.draft}/review-links/`),
    [403, 403, 403, 200, 403, 403, 403, 403],
  ),
  cell(
    'DELETE /api/v1/review-links/{id}/',
    'revoke a review link',
    (w) => del(`/api/v1/review-links/${w.reviewLink.id}/`),
    [403, 403, 403, 204, 403, 403, 403, 403],
  ),
  // Issue #34 (6): an artwork's original file is its author's alone (anyone else: a 404, as if there were none).
  cell(
    'GET /api/v1/artworks/{id}/original/',
    "download an artwork's original file",
    (w) => get(`/api/v1/artworks/${w.artwork}/original/`),
    [403, 404, 404, 200, 404, 404, 404, 404],
  ),
  // Issue #34 (4): an artwork's kept versions are its author's.
  cell(
    'GET /api/v1/artworks/{id}/versions/',
    "an artwork's kept versions",
    (w) => get(`/api/v1/artworks/${w.artwork}/versions/`),
    [403, 403, 403, 200, 403, 403, 403, 403],
  ),
  cell(
    'POST /api/v1/artworks/{id}/versions/{version}/restore/',
    'restore a kept version',
    (w) => post(`/api/v1/artworks/${w.artwork}/versions/1/restore/`, {}),
    [403, 403, 403, 200, 403, 403, 403, 403],
  ),
  cell(
    'GET /api/v1/review/{token}/',
    'read a draft through its review link (whoever holds it)',
    (w) => get(`/api/v1/review/${w.reviewLink.token}/`),
    [200, 200, 200, 200, 200, 200, 200, 200],
  ),
  cell(
    'GET /api/v1/review/{token}/',
    'read a draft through a made-up review link',
    (w) => get(`/api/v1/review/${w.reviewLink.token.replace('review', 'forged')}/`),
    [404, 404, 404, 404, 404, 404, 404, 404],
  ),
  // Issue #34 (5): anyone signed in imports a ZIP; an import, its progress and its publishing are its owner's alone.
  cell(
    'POST /api/v1/imports/',
    'import a ZIP of images',
    () => ({
      method: 'POST',
      url: '/api/v1/imports/',
      body: makeZip([{ name: 'a/b.png', data: Buffer.from('x') }]),
      headers: { 'content-type': 'application/zip' },
    }),
    [403, 202, 202, 202, 202, 202, 202, 202],
  ),
  cell('GET /api/v1/imports/{id}/', "an import's progress", (w) => get(`/api/v1/imports/${w.importId}/`), [403, 404, 404, 200, 404, 404, 404, 404]),
  cell(
    'POST /api/v1/imports/{id}/publish/',
    "publish an import's drafts quietly",
    (w) => post(`/api/v1/imports/${w.importId}/publish/`, { quiet: true }),
    [403, 404, 404, 200, 404, 404, 404, 404],
  ),
  // Issue #34 (7): the Web Share Target: a guest is sent to sign in (303), a member gets a new draft (303 to its editor).
  cell(
    'POST /share-target/',
    'share images from a phone (the browser began it)',
    () => {
      const boundary = 'axoo-share-boundary';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nshared\r\n--${boundary}--\r\n`;
      return {
        method: 'POST',
        url: '/share-target/',
        body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'sec-fetch-site': 'none' },
      };
    },
    [303, 400, 400, 400, 400, 400, 400, 400],
  ),
  cell('POST /api/v1/page-views/', 'count a page view (anyone)', () => post('/api/v1/page-views/', { path: '/' }), [204, 204, 204, 204, 204, 204, 204, 204]),
  // Accounts and profiles.
  cell('GET /api/v1/users/me/', 'read oneself', () => get('/api/v1/users/me/'), [403, 200, 200, 200, 200, 200, 200, 200]),
  // Issue #33.7: another confirmation link for oneself; a forged token confirms nobody.
  cell(
    'POST /api/v1/users/me/confirm-email/',
    'ask for a confirmation link',
    () => post('/api/v1/users/me/confirm-email/'),
    [403, 200, 200, 200, 200, 200, 200, 200],
  ),
  cell(
    'POST /api/v1/users/confirm-email/',
    'confirm an address with a forged token',
    (w) => post('/api/v1/users/confirm-email/', { token: `${w.users.owner.id}-1-${'a'.repeat(43)}` }),
    [400, 400, 400, 400, 400, 400, 400, 400],
  ),
  cell(
    'POST /api/v1/users/',
    'sign up',
    (w) =>
      post('/api/v1/users/', {
        email: `new${w.n}@example.com`,
        password: 'Password123',
        name: 'New',
        username: `new${w.n}x`,
        date_of_birth: '1990-01-01',
        gender: 'Other',
      }),
    [201, 201, 201, 201, 201, 201, 201, 201],
  ),
  cell(
    'POST /accounts/login/',
    "log in with the owner's e-mail and a wrong password",
    (w) => post('/accounts/login/', { email: w.users.owner.email, password: 'Wrong-password-1' }),
    [400, 400, 400, 400, 400, 400, 400, 400],
  ),
  cell('POST /accounts/logout/', 'log out (a POST with the CSRF check, issue #36)', () => post('/accounts/logout/'), [204, 204, 204, 204, 204, 204, 204, 204]),
  cell(
    'POST /api/v1/users/password_reset/',
    'ask a reset for the owner (the same answer whoever asks)',
    (w) => post('/api/v1/users/password_reset/', { email: w.users.owner.email }),
    [200, 200, 200, 200, 200, 200, 200, 200],
  ),
  cell(
    'POST /api/v1/users/reset/',
    "reset the owner's password with a forged token",
    (w) => post('/api/v1/users/reset/', { uidb64: Buffer.from(String(w.users.owner.id)).toString('base64url'), token: 'forged-token', password: 'Newpass123' }),
    [400, 400, 400, 400, 400, 400, 400, 400],
  ),
  cell(
    'PUT /api/v1/users/{id}/',
    "edit the owner's profile",
    (w) => put(`/api/v1/users/${w.users.owner.id}/`, { name: 'X' }),
    [403, 403, 403, 200, 403, 403, 403, 403],
  ),
  cell(
    'DELETE /api/v1/users/{id}/',
    "delete the owner's account (a premium member may not)",
    (w) => del(`/api/v1/users/${w.users.owner.id}/`),
    [403, 403, 403, 400, 403, 403, 403, 403],
  ),
  cell('DELETE /api/v1/users/{id}/', "delete the user's account", (w) => del(`/api/v1/users/${w.users.user.id}/`), [403, 204, 403, 403, 403, 403, 403, 403]),
  cell(
    'POST /api/v1/users/{id}/password_change/',
    "change the owner's password",
    (w) => post(`/api/v1/users/${w.users.owner.id}/password_change/`, { old_password: 'Password123', password: 'Newpass123' }),
    [403, 403, 403, 200, 403, 403, 403, 403],
  ),
  cell(
    'POST /api/v1/users/{id}/presign/',
    "presign the owner's avatar",
    (w) => post(`/api/v1/users/${w.users.owner.id}/presign/`, png),
    [403, 403, 403, 200, 403, 403, 403, 403],
  ),
  cell(
    'PUT /api/v1/users/{id}/ai-opt-out/',
    "the owner's AI-training opt-out",
    (w) => put(`/api/v1/users/${w.users.owner.id}/ai-opt-out/`, { ai_opt_out: true }),
    [403, 403, 403, 200, 403, 403, 403, 403],
  ),
  cell(
    'POST /api/v1/users/{id}/export/',
    "start the owner's data export",
    (w) => post(`/api/v1/users/${w.users.owner.id}/export/`),
    [403, 403, 403, 202, 403, 403, 403, 403],
  ),
  cell(
    'GET /api/v1/users/{id}/export/',
    "the owner's export state",
    (w) => get(`/api/v1/users/${w.users.owner.id}/export/`),
    [403, 403, 403, 200, 403, 403, 403, 403],
  ),
  cell(
    'GET /api/v1/users/{id}/insights/',
    "the owner's insights",
    (w) => get(`/api/v1/users/${w.users.owner.id}/insights/`),
    [404, 404, 404, 200, 404, 404, 404, 404],
  ),
  cell(
    'GET /api/v1/users/{id}/insights/artworks/{artwork}/',
    "one artwork's days in the owner's insights",
    (w) => get(`/api/v1/users/${w.users.owner.id}/insights/artworks/${w.artwork}/`),
    [404, 404, 404, 200, 404, 404, 404, 404],
  ),
  // Collections and follows.
  cell('POST /api/v1/collections/', 'collect', (w) => post('/api/v1/collections/', { artwork: w.artwork }), [403, 201, 201, 200, 201, 201, 201, 201]),
  cell(
    'DELETE /api/v1/collections/{id}/',
    "uncollect the owner's entry",
    (w) => del(`/api/v1/collections/${w.collection}/`),
    [403, 404, 404, 204, 404, 404, 404, 404],
  ),
  // Issue #31: a report of what the asker may see and is not theirs; staff see the draft, so they may report it.
  cell(
    'POST /api/v1/reports/',
    "report the owner's artwork",
    (w) => post('/api/v1/reports/', { target: 'artwork', target_id: w.artwork, reason: 'spam' }),
    [403, 201, 201, 400, 201, 201, 201, 201],
  ),
  cell(
    'POST /api/v1/reports/',
    "report the owner's draft",
    (w) => post('/api/v1/reports/', { target: 'artwork', target_id: w.draft, reason: 'stolen' }),
    [403, 400, 400, 400, 400, 201, 400, 400],
  ),
  cell(
    'POST /api/v1/reports/',
    "report the user's message",
    (w) => post('/api/v1/reports/', { target: 'message', target_id: w.message, reason: 'harassment' }),
    [403, 400, 400, 200, 400, 400, 400, 400],
  ),
  // Issue #31, the queue and appeals: staff act and decide; the owner of an actioned target reads it and appeals once.
  cell('GET /api/v1/admin/reports/', 'the moderation queue', () => get('/api/v1/admin/reports/'), [403, 403, 403, 403, 403, 200, 403, 403]),
  cell(
    'PATCH /api/v1/admin/reports/{id}/',
    'act on a report',
    (w) => patch(`/api/v1/admin/reports/${w.report}/`, { action: 'dismiss' }),
    [403, 403, 403, 403, 403, 200, 403, 403],
  ),
  cell('GET /api/v1/moderation/decisions/', 'actions on my work', () => get('/api/v1/moderation/decisions/'), [403, 200, 200, 200, 200, 200, 200, 200], {
    text: (w) => w.actionNote,
    sees: ['owner'],
  }),
  cell(
    'GET /api/v1/moderation/decisions/{id}/',
    "an action on the owner's work",
    (w) => get(`/api/v1/moderation/decisions/${w.actioned}/`),
    [403, 404, 404, 200, 404, 404, 404, 404],
  ),
  cell(
    'POST /api/v1/appeals/',
    "appeal an action on the owner's work",
    (w) => post('/api/v1/appeals/', { report: w.actioned, text: 'I made this myself.' }),
    [403, 400, 400, 201, 400, 400, 400, 400],
  ),
  cell('GET /api/v1/admin/appeals/', 'the appeals', () => get('/api/v1/admin/appeals/'), [403, 403, 403, 403, 403, 200, 403, 403]),
  cell(
    'PATCH /api/v1/admin/appeals/{id}/',
    'decide an appeal',
    (w) => patch(`/api/v1/admin/appeals/${w.appeal}/`, { decision: 'uphold' }),
    [403, 403, 403, 403, 403, 200, 403, 403],
  ),
  cell('GET /api/v1/admin/audit/', 'the moderation audit log', () => get('/api/v1/admin/audit/'), [403, 403, 403, 403, 403, 200, 403, 403]),
  // Issue #31: a repost hold's parties (the owner uploaded the held work; premium's work is the original) and staff.
  cell('GET /api/v1/artworks/{id}/hold/', 'a held work’s hold', (w) => get(`/api/v1/artworks/${w.heldWork}/hold/`), [403, 403, 403, 200, 200, 200, 403, 403]),
  cell(
    'POST /api/v1/holds/{id}/explanation/',
    'the uploader explains a held work',
    (w) => post(`/api/v1/holds/${w.hold}/explanation/`, { text: 'A licensed study' }),
    [403, 403, 403, 200, 403, 403, 403, 403],
  ),
  cell(
    'POST /api/v1/holds/{id}/answer/',
    'the original’s artist answers a hold',
    (w) => post(`/api/v1/holds/${w.hold}/answer/`, { answer: 'allowed' }),
    [403, 403, 403, 403, 200, 403, 403, 403],
  ),
  cell('GET /api/v1/admin/holds/', 'console: repost holds', () => get('/api/v1/admin/holds/'), [403, 403, 403, 403, 403, 200, 403, 403]),
  cell(
    'PATCH /api/v1/admin/holds/{id}/',
    'console: release a hold',
    (w) => patch(`/api/v1/admin/holds/${w.hold}/`, { decision: 'release' }),
    [403, 403, 403, 403, 403, 200, 403, 403],
  ),
  // Issue #31: takedown notices come from anyone (no account needed); the uploader counters; staff decide.
  cell(
    'POST /api/v1/takedowns/',
    'send a takedown notice',
    (w) => post('/api/v1/takedowns/', { name: 'R', email: 'r@example.com', work_url: `/artwork/${w.artwork}/`, original: 'Mine', good_faith: true }),
    [201, 201, 201, 201, 201, 201, 201, 201],
  ),
  cell(
    'POST /api/v1/takedowns/{id}/confirm/',
    'confirm a notice with its mailed token',
    (w) => post(`/api/v1/takedowns/${w.unconfirmed.id}/confirm/`, { token: w.unconfirmed.token }),
    ALL_200,
  ),
  cell(
    'GET /api/v1/artworks/{id}/takedowns/',
    'the notices of the owner’s work',
    (w) => get(`/api/v1/artworks/${w.spare}/takedowns/`),
    [403, 403, 403, 200, 403, 200, 403, 403],
  ),
  cell(
    'POST /api/v1/takedowns/{id}/counter/',
    'the uploader’s counter-notice',
    (w) => post(`/api/v1/takedowns/${w.takedown}/counter/`, { text: 'It is mine', good_faith: true }),
    [403, 403, 403, 200, 403, 403, 403, 403],
  ),
  cell('GET /api/v1/admin/takedowns/', 'console: takedown notices', () => get('/api/v1/admin/takedowns/'), [403, 403, 403, 403, 403, 200, 403, 403]),
  cell(
    'PATCH /api/v1/admin/takedowns/{id}/',
    'console: decide a notice',
    (w) => patch(`/api/v1/admin/takedowns/${w.takedown}/`, { decision: 'restore' }),
    [403, 403, 403, 403, 403, 200, 403, 403],
  ),
  cell('POST /api/v1/follows/', 'follow the owner', (w) => post('/api/v1/follows/', { artist: w.users.owner.id }), [403, 200, 201, 400, 201, 201, 201, 201]),
  cell('DELETE /api/v1/follows/{id}/', "end the user's follow", (w) => del(`/api/v1/follows/${w.follow}/`), [403, 204, 404, 404, 404, 404, 404, 404]),
  cell('GET /api/v1/follows/', 'my follows', () => get('/api/v1/follows/'), [403, 200, 200, 200, 200, 200, 200, 200], {
    text: (w) => `"id":${w.follow},`,
    sees: ['user'],
  }),
  cell('GET /api/v1/feed/', 'my Following feed', () => get('/api/v1/feed/'), [403, 200, 200, 200, 200, 200, 200, 200]),
  cell('GET /api/v1/feed/suggestions/', 'artists to follow', () => get('/api/v1/feed/suggestions/'), [403, 200, 200, 200, 200, 200, 200, 200]),
  // Notifications.
  cell('GET /api/v1/notifications/', 'my notifications', () => get('/api/v1/notifications/'), [403, 200, 200, 200, 200, 200, 200, 200], {
    text: (w) => w.notifier,
    sees: ['owner'],
  }),
  cell('GET /api/v1/notifications/unread/', 'my bell', () => get('/api/v1/notifications/unread/'), [403, 200, 200, 200, 200, 200, 200, 200]),
  cell(
    'POST /api/v1/notifications/read/',
    "mark the owner's notification read",
    (w) => post('/api/v1/notifications/read/', { ids: [w.notification] }),
    [403, 200, 200, 200, 200, 200, 200, 200],
  ),
  cell(
    'GET /api/v1/notifications/preferences/',
    'my digest preferences',
    () => get('/api/v1/notifications/preferences/'),
    [403, 200, 200, 200, 200, 200, 200, 200],
  ),
  cell(
    'PUT /api/v1/notifications/preferences/',
    'change my digest preferences',
    () => put('/api/v1/notifications/preferences/', { follow: false }),
    [403, 200, 200, 200, 200, 200, 200, 200],
  ),
  cell(
    'POST /api/v1/notifications/unsubscribe/',
    'unsubscribe the owner with a forged token',
    (w) => post('/api/v1/notifications/unsubscribe/', { user: w.users.owner.id, type: 'follow', token: 'forged' }),
    [403, 403, 403, 403, 403, 403, 403, 403],
  ),
  // The digest's RFC 8058 one-click address: no login and no CSRF token, the signed query is the only authority.
  cell(
    'POST /api/v1/notifications/one-click/',
    "one-click unsubscribe of the owner's digest with a forged signature",
    (w) => post(`/api/v1/notifications/one-click/?u=${w.users.owner.id}&type=all&t=forged`, { 'List-Unsubscribe': 'One-Click' }),
    [403, 403, 403, 403, 403, 403, 403, 403],
  ),
  // Messages between members (issue #20): only the two people of a conversation; staff read reports, not mailboxes.
  cell(
    'POST /api/v1/conversations/',
    'write to the owner',
    (w) => post('/api/v1/conversations/', { artist: w.users.owner.id, subject: 'Hi', body: 'A question about your work, please.' }),
    [403, 201, 201, 400, 201, 201, 201, 201],
  ),
  cell('GET /api/v1/conversations/', 'my conversations', () => get('/api/v1/conversations/'), [403, 200, 200, 200, 200, 200, 200, 200], {
    text: (w) => w.subject,
    sees: ['user', 'owner'],
  }),
  cell('GET /api/v1/conversations/unread/', 'my unread conversations', () => get('/api/v1/conversations/unread/'), [403, 200, 200, 200, 200, 200, 200, 200]),
  cell(
    'GET /api/v1/conversations/{id}/',
    'read the conversation',
    (w) => get(`/api/v1/conversations/${w.conversation}/`),
    [403, 200, 404, 200, 404, 404, 404, 404],
  ),
  cell(
    'POST /api/v1/conversations/{id}/messages/',
    'reply in the conversation',
    (w) => post(`/api/v1/conversations/${w.conversation}/messages/`, { body: 'A reply.' }),
    [403, 201, 404, 201, 404, 404, 404, 404],
  ),
  cell(
    'POST /api/v1/conversations/{id}/archive/',
    'archive the conversation',
    (w) => post(`/api/v1/conversations/${w.conversation}/archive/`, { archived: true }),
    [403, 200, 404, 200, 404, 404, 404, 404],
  ),
  cell(
    'POST /api/v1/conversations/{id}/block/',
    'block the other person of the conversation',
    (w) => post(`/api/v1/conversations/${w.conversation}/block/`, { blocked: true }),
    [403, 200, 404, 200, 404, 404, 404, 404],
  ),
  cell(
    'POST /api/v1/conversations/{id}/report/',
    "report the user's message (the owner received it)",
    (w) => post(`/api/v1/conversations/${w.conversation}/report/`, { reason: 'spam' }),
    [403, 400, 404, 201, 404, 404, 404, 404],
  ),
  cell(
    'GET /api/v1/admin/message-reports/',
    'console: reported messages',
    () => get('/api/v1/admin/message-reports/'),
    [403, 403, 403, 403, 403, 200, 403, 403],
  ),
  cell(
    'PATCH /api/v1/admin/message-reports/{id}/',
    'console: resolve a message report',
    (w) => patch(`/api/v1/admin/message-reports/${w.report}/`, { resolved: true }),
    [403, 403, 403, 403, 403, 200, 403, 403],
  ),
  // Staff console and curation.
  cell('GET /api/v1/admin/users/', 'console: members', () => get('/api/v1/admin/users/'), [403, 403, 403, 403, 403, 200, 403, 403]),
  cell(
    'PATCH /api/v1/admin/users/{id}/',
    'console: grant premium',
    (w) => patch(`/api/v1/admin/users/${w.users.user.id}/`, { is_premium: true }),
    [403, 403, 403, 403, 403, 200, 403, 403],
  ),
  cell('GET /api/v1/admin/banners/', 'console: banners', () => get('/api/v1/admin/banners/'), [403, 403, 403, 403, 403, 200, 403, 403]),
  cell(
    'POST /api/v1/admin/banners/',
    'console: add a banner',
    (w) => post('/api/v1/admin/banners/', { image: `banners/m${w.n}.png`, level: 1 }),
    [403, 403, 403, 403, 403, 201, 403, 403],
  ),
  cell(
    'PUT /api/v1/admin/banners/{id}/',
    'console: replace a banner',
    (w) => put(`/api/v1/admin/banners/${w.banner}/`, { image: `banners/m${w.n}.png`, level: 2 }),
    [403, 403, 403, 403, 403, 200, 403, 403],
  ),
  cell(
    'DELETE /api/v1/admin/banners/{id}/',
    'console: delete a banner',
    (w) => del(`/api/v1/admin/banners/${w.banner}/`),
    [403, 403, 403, 403, 403, 204, 403, 403],
  ),
  cell('GET /api/v1/admin/clients/', 'console: partners', () => get('/api/v1/admin/clients/'), [403, 403, 403, 403, 403, 200, 403, 403]),
  cell(
    'POST /api/v1/admin/clients/',
    'console: add a partner',
    (w) => post('/api/v1/admin/clients/', { name: 'P', image: `banners/m${w.n}.png`, level: 1 }),
    [403, 403, 403, 403, 403, 201, 403, 403],
  ),
  cell(
    'PUT /api/v1/admin/clients/{id}/',
    'console: replace a partner',
    (w) => put(`/api/v1/admin/clients/${w.client}/`, { name: 'P', image: `banners/m${w.n}.png`, level: 2 }),
    [403, 403, 403, 403, 403, 200, 403, 403],
  ),
  cell(
    'DELETE /api/v1/admin/clients/{id}/',
    'console: delete a client',
    (w) => del(`/api/v1/admin/clients/${w.client}/`),
    [403, 403, 403, 403, 403, 204, 403, 403],
  ),
  cell('GET /api/v1/admin/jobs/', 'console: failed jobs', () => get('/api/v1/admin/jobs/'), [403, 403, 403, 403, 403, 200, 403, 403]),
  cell(
    'POST /api/v1/admin/jobs/{id}/retry/',
    'console: retry a job',
    (w) => post(`/api/v1/admin/jobs/${w.job}/retry/`),
    [403, 403, 403, 403, 403, 204, 403, 403],
  ),
  cell(
    'GET /api/v1/admin/lists/{list}/',
    'console: a list with retired items',
    () => get('/api/v1/admin/lists/categories/'),
    [403, 403, 403, 403, 403, 200, 403, 403],
  ),
  cell(
    'POST /api/v1/admin/lists/{list}/',
    'console: add a list item',
    (w) => post('/api/v1/admin/lists/categories/', { code: `c${w.n}x`, name_ko: '가', name_en: 'A' }),
    [403, 403, 403, 403, 403, 201, 403, 403],
  ),
  cell(
    'PATCH /api/v1/admin/lists/{list}/{id}/',
    'console: rename a list item',
    () => patch('/api/v1/admin/lists/categories/1/', { name_en: 'Renamed' }),
    [403, 403, 403, 403, 403, 200, 403, 403],
  ),
  cell(
    'PUT /api/v1/admin/lists/{list}/order/',
    'console: reorder a list (an incomplete order)',
    () => put('/api/v1/admin/lists/categories/order/', { ids: [1] }),
    [403, 403, 403, 403, 403, 400, 403, 403],
  ),
  cell('POST /api/v1/admin/presign/', 'console: presign', () => post('/api/v1/admin/presign/', png), [403, 403, 403, 403, 403, 200, 403, 403]),
  cell('GET /api/v1/admin/insights/', 'console: platform totals', () => get('/api/v1/admin/insights/'), [403, 403, 403, 403, 403, 200, 403, 403]),
  cell(
    'PUT /api/v1/banners/{id}/',
    'banner level',
    (w) => put(`/api/v1/banners/${w.banner}/`, { image: `banners/m${w.n}.png`, level: 2 }),
    [403, 403, 403, 403, 403, 200, 403, 403],
  ),
  cell(
    'PUT /api/v1/clients/{id}/',
    'partner level',
    (w) => put(`/api/v1/clients/${w.client}/`, { name: 'P', image: `banners/m${w.n}.png`, level: 2 }),
    [403, 403, 403, 403, 403, 200, 403, 403],
  ),
  cell('PATCH /api/v1/users/{id}/', 'artist level', (w) => patch(`/api/v1/users/${w.users.owner.id}/`, { level: 3 }), [403, 403, 403, 403, 403, 200, 403, 403]),
  // Media: the bytes' PUT is authorised by its signature alone; S3's completion is the uploader's.
  cell(
    'PUT /media/upload/{*}',
    'upload bytes without a signature',
    () => put('/media/upload/avatars/1/x.png', { x: 1 }),
    [403, 403, 403, 403, 403, 403, 403, 403],
  ),
  cell(
    'POST /api/v1/media/complete/',
    'complete an upload (none such on the local driver)',
    () => post('/api/v1/media/complete/', { filename: 'avatars/1/x.png' }),
    [403, 404, 404, 404, 404, 404, 404, 404],
  ),
  // Invites (issue #19: the owner runs the call within the rules, staff approve). A call under review is not listed to
  // anyone but its owner and staff, but its page can be shared (so people subscribe); staff's note is the owner's.
  cell('GET /api/v1/invites/', 'the list of calls', () => get('/api/v1/invites/?limit=100'), [200, 200, 200, 200, 200, 200, 200, 200], {
    text: (w) => w.reviewTitle,
    sees: ['staff', 'inviteOwner'],
  }),
  cell(
    'GET /api/v1/invites/{id}/',
    'a call under review, shared by its link',
    (w) => get(`/api/v1/invites/${w.review}/`),
    [200, 200, 200, 200, 200, 200, 200, 200],
    {
      text: (w) => w.reviewNote,
      sees: ['staff', 'inviteOwner'],
    },
  ),
  cell('PUT /api/v1/invites/{id}/', 'edit a call', (w) => put(`/api/v1/invites/${w.invite}/`, inviteBody()), [403, 403, 403, 403, 403, 200, 200, 403]),
  cell(
    'PUT /api/v1/invites/{id}/',
    'open a call oneself',
    (w) => put(`/api/v1/invites/${w.review}/`, { ...inviteBody(), status: 'ongoing' }),
    [403, 403, 403, 403, 403, 200, 400, 403],
  ),
  cell('DELETE /api/v1/invites/{id}/', 'delete a call', (w) => del(`/api/v1/invites/${w.invite}/`), [403, 403, 403, 403, 403, 204, 403, 403]),
  cell('POST /api/v1/invites/{id}/approve/', 'approve a call', (w) => post(`/api/v1/invites/${w.review}/approve/`), [403, 403, 403, 403, 403, 200, 403, 403]),
  cell(
    'POST /api/v1/invites/{id}/return/',
    'return a call',
    (w) => post(`/api/v1/invites/${w.review}/return/`, { note: 'No' }),
    [403, 403, 403, 403, 403, 200, 403, 403],
  ),
  cell(
    'POST /api/v1/invites/',
    'start a call',
    () => post('/api/v1/invites/', { title: 'Mine', closed: new Date(Date.now() + 86_400_000).toISOString() }),
    [403, 201, 201, 201, 201, 201, 201, 201],
  ),
  cell('POST /api/v1/invites/presign/', 'presign a call image', () => post('/api/v1/invites/presign/', png), [403, 200, 200, 200, 200, 200, 200, 200]),
  cell('POST /api/v1/invite-pages/', 'add a page', (w) => post('/api/v1/invite-pages/', { invite: w.invite }), [403, 403, 403, 403, 403, 201, 201, 403]),
  cell(
    'PUT /api/v1/invite-pages/{id}/',
    'edit a page',
    (w) => put(`/api/v1/invite-pages/${w.page}/`, { background_color: '#112233' }),
    [403, 403, 403, 403, 403, 200, 200, 403],
  ),
  cell('DELETE /api/v1/invite-pages/{id}/', 'delete a page', (w) => del(`/api/v1/invite-pages/${w.page}/`), [403, 403, 403, 403, 403, 204, 204, 403]),
  cell(
    'POST /api/v1/invite-columns/',
    'add a column',
    (w) => post('/api/v1/invite-columns/', { page: w.page, content: '<p>y</p>' }),
    [403, 403, 403, 403, 403, 201, 201, 403],
  ),
  cell(
    'PUT /api/v1/invite-columns/{id}/',
    'edit a column',
    (w) => put(`/api/v1/invite-columns/${w.column}/`, { width: 12 }),
    [403, 403, 403, 403, 403, 200, 200, 403],
  ),
  cell('DELETE /api/v1/invite-columns/{id}/', 'delete a column', (w) => del(`/api/v1/invite-columns/${w.column}/`), [403, 403, 403, 403, 403, 204, 204, 403]),
  cell(
    'POST /api/v1/invite-columns/presign/',
    'presign a column image',
    () => post('/api/v1/invite-columns/presign/', png),
    [403, 200, 200, 200, 200, 200, 200, 200],
  ),
  cell(
    'POST /api/v1/invite-questions/',
    'add a question after an application',
    (w) => post('/api/v1/invite-questions/', { invite: w.invite, question: 'More?' }),
    [403, 403, 403, 403, 403, 201, 400, 403],
  ),
  cell(
    'PUT /api/v1/invite-questions/{id}/',
    'edit a question after an application',
    (w) => put(`/api/v1/invite-questions/${w.question}/`, { question: 'Why not?' }),
    [403, 403, 403, 403, 403, 200, 400, 403],
  ),
  cell(
    'DELETE /api/v1/invite-questions/{id}/',
    'delete a question',
    (w) => del(`/api/v1/invite-questions/${w.question}/`),
    [403, 403, 403, 403, 403, 204, 400, 403],
  ),
  cell('GET /api/v1/invites/{id}/artworks/', 'every submission', (w) => get(`/api/v1/invites/${w.invite}/artworks/`), [403, 403, 403, 403, 403, 200, 200, 403]),
  cell(
    'POST /api/v1/invite-applications/',
    "apply with the owner's other artwork",
    (w) => post('/api/v1/invite-applications/', { invite: w.invite, artwork: w.spare }),
    [403, 400, 400, 201, 400, 400, 400, 400],
  ),
  cell(
    'PUT /api/v1/invite-applications/{id}/',
    'select an application',
    (w) => put(`/api/v1/invite-applications/${w.application}/`, { selected: true }),
    [403, 403, 403, 403, 403, 200, 200, 403],
  ),
  cell(
    'POST /api/v1/invite-answers/',
    "answer the open question of the owner's application",
    (w) => post('/api/v1/invite-answers/', { application: w.application, question: w.openQuestion, answer: 'x' }),
    [403, 400, 400, 201, 400, 400, 400, 400],
  ),
  cell(
    'POST /api/v1/invite-subscriptions/',
    'subscribe to a call',
    (w) => post('/api/v1/invite-subscriptions/', { invite: w.invite }),
    [403, 201, 201, 201, 201, 201, 201, 201],
  ),
  cell(
    'DELETE /api/v1/invite-subscriptions/{id}/',
    "unsubscribe the owner's subscription",
    (w) => del(`/api/v1/invite-subscriptions/${w.subscription}/`),
    [403, 404, 404, 204, 404, 404, 404, 404],
  ),
  cell(
    'POST /api/v1/invite-subscriptions/unsubscribe/',
    'unsubscribe the owner with a forged token',
    (w) => post('/api/v1/invite-subscriptions/unsubscribe/', { user: w.users.owner.id, invite: w.invite, token: 'forged' }),
    [403, 403, 403, 403, 403, 403, 403, 403],
  ),
  // RFC 8058 one-click (issue #19): no login and no CSRF token, the signed query is the only authority.
  cell(
    'POST /api/v1/invite-subscriptions/one-click/',
    "one-click unsubscribe of the owner's subscription with a forged signature",
    (w) => post(`/api/v1/invite-subscriptions/one-click/?u=${w.users.owner.id}&i=${w.invite}&t=forged`, { 'List-Unsubscribe': 'One-Click' }),
    [403, 403, 403, 403, 403, 403, 403, 403],
  ),
  // Judging (issue #16): the owner and staff run it, jurors score blind; the applicant and everyone else see none of it.
  cell('GET /api/v1/invites/{id}/jury/', 'the jury', (w) => get(`/api/v1/invites/${w.judged}/jury/`), [403, 403, 403, 403, 403, 200, 200, 200]),
  cell(
    'PUT /api/v1/invites/{id}/jury/',
    'jury settings',
    (w) => put(`/api/v1/invites/${w.judged}/jury/`, { reveal_names: false }),
    [403, 403, 403, 403, 403, 200, 200, 403],
  ),
  cell(
    'POST /api/v1/invite-criteria/',
    'add a criterion',
    (w) => post('/api/v1/invite-criteria/', { invite: w.judged, name_ko: '기준', name_en: 'Criterion' }),
    [403, 403, 403, 403, 403, 201, 201, 403],
  ),
  cell(
    'PUT /api/v1/invite-criteria/{id}/',
    'change a criterion',
    (w) => put(`/api/v1/invite-criteria/${w.criterion}/`, { name_ko: '구성', name_en: 'Composition' }),
    [403, 403, 403, 403, 403, 200, 200, 403],
  ),
  cell(
    'DELETE /api/v1/invite-criteria/{id}/',
    'remove a criterion',
    (w) => del(`/api/v1/invite-criteria/${w.criterion}/`),
    [403, 403, 403, 403, 403, 204, 204, 403],
  ),
  cell('GET /api/v1/invite-jurors/', 'the calls I judge', () => get('/api/v1/invite-jurors/'), [403, 200, 200, 200, 200, 200, 200, 200], {
    text: (w) => `"invite":${w.judged}`,
    sees: ['juror'],
  }),
  cell(
    'POST /api/v1/invite-jurors/',
    'invite a juror',
    (w) => post('/api/v1/invite-jurors/', { invite: w.judged, email: `juror${w.n}@example.com` }),
    [403, 403, 403, 403, 403, 201, 201, 403],
  ),
  cell(
    'POST /api/v1/invite-jurors/{id}/accept/',
    'accept a jury invitation with a forged token',
    (w) => post(`/api/v1/invite-jurors/${w.jurorRow}/accept/`, { token: 'forged' }),
    [403, 400, 400, 400, 400, 400, 400, 400],
  ),
  cell('DELETE /api/v1/invite-jurors/{id}/', 'remove a juror', (w) => del(`/api/v1/invite-jurors/${w.jurorRow}/`), [403, 403, 403, 403, 403, 204, 204, 403]),
  cell('GET /api/v1/invites/{id}/judging/', 'the blind queue', (w) => get(`/api/v1/invites/${w.judged}/judging/`), [403, 403, 403, 403, 403, 403, 403, 200]),
  cell(
    'POST /api/v1/invite-scores/',
    'score a submission',
    (w) => post('/api/v1/invite-scores/', { application: w.judgedApplication, criterion: w.criterion, score: 5 }),
    [403, 403, 403, 403, 403, 403, 403, 200],
  ),
  cell(
    'POST /api/v1/invite-reviews/',
    'a private comment on a submission',
    (w) => post('/api/v1/invite-reviews/', { application: w.judgedApplication, comment: 'note' }),
    [403, 403, 403, 403, 403, 403, 403, 200],
  ),
  cell(
    'POST /api/v1/invite-rounds/{id}/close/',
    'close a round',
    (w) => post(`/api/v1/invite-rounds/${w.round}/close/`),
    [403, 403, 403, 403, 403, 200, 200, 403],
  ),
  cell(
    'POST /api/v1/invite-rounds/',
    'open a round while one is open',
    (w) => post('/api/v1/invite-rounds/', { invite: w.judged, top: 1 }),
    [403, 403, 403, 403, 403, 400, 400, 403],
  ),
  cell('GET /api/v1/invites/{id}/ranking/', 'the ranking', (w) => get(`/api/v1/invites/${w.judged}/ranking/`), [403, 403, 403, 403, 403, 200, 200, 403]),
  // Issue #33.1: any logged-in user answers an open call's eligibility questions (the world's call has none: eligible).
  cell(
    'POST /api/v1/invites/{id}/eligibility/',
    "answer an open call's eligibility questions",
    (w) => post(`/api/v1/invites/${w.invite}/eligibility/`, { answers: {} }),
    [403, 200, 200, 200, 200, 200, 200, 200],
  ),
  // Issue #33.8: a call's results are public once it reaches selection, and nobody's before (the judged call is not there yet).
  cell(
    'GET /api/v1/invites/{id}/results/',
    'the results of a call still being judged',
    (w) => get(`/api/v1/invites/${w.judged}/results/`),
    [403, 403, 403, 403, 403, 403, 403, 403],
  ),
  // Issue #33: conflicts of interest (a juror of the call declares; the owner and staff see), feedback (released after
  // the results: the judged call is still under examination, so a manager's release is a 400), the public vote.
  cell(
    'POST /api/v1/invite-conflicts/',
    'declare a conflict of interest',
    (w) => post('/api/v1/invite-conflicts/', { application: w.judgedApplication, reason: 'a friend' }),
    [403, 403, 403, 403, 403, 403, 403, 201],
  ),
  cell(
    'GET /api/v1/invites/{id}/conflicts/',
    'the declared conflicts',
    (w) => get(`/api/v1/invites/${w.judged}/conflicts/`),
    [403, 403, 403, 403, 403, 200, 200, 403],
  ),
  cell(
    'POST /api/v1/invites/{id}/feedback/release/',
    'release feedback before the results',
    (w) => post(`/api/v1/invites/${w.judged}/feedback/release/`),
    [403, 403, 403, 403, 403, 400, 400, 403],
  ),
  cell(
    'GET /api/v1/invite-applications/{id}/feedback/',
    "an entry's released feedback (the owner's artwork is the entry)",
    (w) => get(`/api/v1/invite-applications/${w.judgedApplication}/feedback/`),
    [403, 403, 403, 200, 403, 200, 200, 403],
  ),
  cell(
    'POST /api/v1/invite-votes/',
    'vote when no vote is open',
    (w) => post('/api/v1/invite-votes/', { application: w.judgedApplication }),
    [403, 400, 400, 400, 400, 400, 400, 400],
  ),
  cell('GET /api/v1/invites/{id}/vote/', "the public vote's ballot", (w) => get(`/api/v1/invites/${w.judged}/vote/`), ALL_200),
  // Issue #33.7: the owner's vote rounds (list; withdraw one not begun), and the applicant's own entries with feedback.
  cell(
    'GET /api/v1/invites/{id}/vote-rounds/',
    "the call's public vote rounds",
    (w) => get(`/api/v1/invites/${w.judged}/vote-rounds/`),
    [403, 403, 403, 403, 403, 200, 200, 403],
  ),
  cell(
    'DELETE /api/v1/invite-vote-rounds/{id}/',
    'withdraw a vote round not begun',
    (w) => del(`/api/v1/invite-vote-rounds/${w.voteRound}/`),
    [403, 403, 403, 403, 403, 204, 204, 403],
  ),
  cell(
    'GET /api/v1/invite-applications/',
    "one's own entries to a call with their feedback",
    (w) => get(`/api/v1/invite-applications/?invite=${w.judged}`),
    [403, 200, 200, 200, 200, 200, 200, 200],
  ),
  cell('GET /api/v1/invites/{id}/votes/', 'the counts of a call without a vote', (w) => get(`/api/v1/invites/${w.judged}/votes/`), ALL_404),
  cell(
    'POST /api/v1/invites/{id}/export/',
    'start the juror pack',
    (w) => post(`/api/v1/invites/${w.judged}/export/`),
    [403, 403, 403, 403, 403, 202, 202, 403],
  ),
  cell(
    'GET /api/v1/invites/{id}/export/',
    "the juror pack's progress",
    (w) => get(`/api/v1/invites/${w.judged}/export/`),
    [403, 403, 403, 403, 403, 200, 200, 403],
  ),
  cell(
    'GET /api/v1/invites/{id}/export/download/',
    'download the juror pack with a forged link',
    (w) => get(`/api/v1/invites/${w.judged}/export/download/?token=forged`),
    [403, 403, 403, 403, 403, 400, 400, 403],
  ),
  cell(
    'GET /api/v1/invites/{id}/dashboard/',
    "the call's dashboard",
    (w) => get(`/api/v1/invites/${w.judged}/dashboard/`),
    [403, 403, 403, 403, 403, 200, 200, 403],
  ),
  // Reads anyone may make (public pages' data, feeds, media, discovery): every role gets the same answer, and none
  // of them shows the owner's draft (issue #29: every operation of docs/openapi.json has a cell).
  cell('GET /api/v1/site/', "the site's data (anyone)", () => get('/api/v1/site/'), ALL_200),
  cell('GET /media/{*}', 'a stored image (anyone)', (w) => get(`/media/${w.image}`), ALL_200),
  cell('GET /api/v1/artworks/', 'the gallery', () => get('/api/v1/artworks/?limit=100'), ALL_200, hidden),
  cell('GET /api/v1/artists/', 'the artists', () => get('/api/v1/artists/?limit=100'), ALL_200, hidden),
  cell(
    'GET /api/v1/search/suggest/',
    "suggestions for the draft's own title (issue #30)",
    (w) => get(`/api/v1/search/suggest/?q=${encodeURIComponent([...w.draftTitle].slice(0, 12).join(''))}`),
    ALL_200,
    hidden,
  ),
  cell('GET /api/v1/artists/{slug}/', "the owner's artist page", (w) => get(`/api/v1/artists/${w.users.owner.slug}/`), ALL_200, hidden),
  cell('GET /api/v1/invite-questions/', "an open call's questions", (w) => get(`/api/v1/invite-questions/?invite=${w.invite}`), ALL_200),
  cell('GET /api/v1/users/{id}/followers/', "the owner's followers", (w) => get(`/api/v1/users/${w.users.owner.id}/followers/`), ALL_200),
  cell('GET /api/v1/users/{id}/following/', 'whom the user follows', (w) => get(`/api/v1/users/${w.users.user.id}/following/`), ALL_200),
  cell('GET /robots.txt', 'robots rules', () => get('/robots.txt'), ALL_200),
  cell('GET /.well-known/tdmrep.json', 'the TDM reservation', () => get('/.well-known/tdmrep.json'), ALL_200),
  cell('GET /sitemap.xml', 'the sitemap index', () => get('/sitemap.xml'), ALL_200),
  cell('GET /sitemaps/{page}', 'a sitemap page of artworks', () => get('/sitemaps/artworks-1.xml'), ALL_200, hidden),
  cell('GET /feeds/artworks.atom', 'the site feed', () => get('/feeds/artworks.atom'), ALL_200, hidden),
  cell('GET /{slug}/feed.atom', "the owner's feed", (w) => get(`/${w.users.owner.slug}/feed.atom`), ALL_200, hidden),
  cell('GET /api/oembed', "oEmbed of the owner's draft", (w) => get(`/api/oembed?url=${encodeURIComponent(`http://localhost/artwork/${w.draft}/`)}`), ALL_404),
  // The one-click addresses opened in a browser only lead to the unsubscribe page (a GET changes nothing).
  cell(
    'GET /api/v1/invite-subscriptions/one-click/',
    "an invite mail's one-click address, opened",
    (w) => get(`/api/v1/invite-subscriptions/one-click/?u=${w.users.owner.id}&i=${w.invite}&t=forged`),
    ALL_REDIRECT,
  ),
  cell(
    'GET /api/v1/notifications/one-click/',
    "the digest's one-click address, opened",
    (w) => get(`/api/v1/notifications/one-click/?u=${w.users.owner.id}&type=all&t=forged`),
    ALL_REDIRECT,
  ),
];

/** Operations of the document with no cell, and cells naming an operation the document no longer has. */
function uncovered(doc: { paths: Record<string, Record<string, unknown>> }, routes: Set<string>): string[] {
  const missing: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const method of Object.keys(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const route = `${method.toUpperCase()} ${path}`;
      if (!routes.has(route)) missing.push(route);
    }
  for (const route of routes) {
    const [method, path] = route.split(' ');
    if (!doc.paths[path]?.[method.toLowerCase()]) missing.push(`${route} (no longer in the document)`);
  }
  return missing;
}

async function send(role: Role, w: World, c: Cell) {
  const agent = new Agent(app, 'en');
  if (role !== 'guest') await loginAs(agent, w.users[role]);
  const { method, url, body, headers } = c.request(w);
  return agent.request({ method, url, payload: body as never, headers });
}

describe('the authorization matrix (issue #15)', () => {
  it('has a cell for every operation of docs/openapi.json (issue #29), and no cell for one it lacks', () => {
    const doc = JSON.parse(readFileSync(join(import.meta.dirname, '../docs/openapi.json'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    expect(uncovered(doc, new Set(MATRIX.map((c) => c.route)))).toEqual([]);
    // The check itself: an operation with no cell is named.
    expect(uncovered(doc, new Set(MATRIX.map((c) => c.route).filter((r) => r !== 'GET /api/oembed')))).toEqual(['GET /api/oembed']);
  });

  it(`answers every role as the table says (${MATRIX.length} cells × ${ROLES.length} roles)`, async () => {
    const mismatches: string[] = [];
    let cells = 0;
    let secrets = 0;
    // SECURITY_AUTHZ_CELLS=<regex> runs only the cells whose name matches (to replay a mismatch).
    const only = process.env.SECURITY_AUTHZ_CELLS ? new RegExp(process.env.SECURITY_AUTHZ_CELLS) : null;
    for (const c of MATRIX.filter((m) => !only || only.test(m.name))) {
      // Every role on a world of its own, the roles of one cell at once.
      await Promise.all(
        ROLES.map(async (role, i) => {
          const w = await world();
          const res = await send(role, w, c);
          cells++;
          if (res.statusCode !== c.expect[i]) mismatches.push(`${c.name} ${role}: expected ${c.expect[i]} → got ${res.statusCode} ${res.body.slice(0, 160)}`);
          else if (c.secret && res.statusCode < 300) {
            secrets++;
            const shown = res.body.includes(c.secret.text(w));
            if (shown !== c.secret.sees.includes(role)) mismatches.push(`${c.name} ${role}: ${shown ? 'shows' : 'does not show'} ${c.secret.text(w)}`);
          }
        }),
      );
    }
    report('authorization matrix', {
      operations: new Set(MATRIX.map((c) => c.route)).size,
      rows: MATRIX.length,
      roles: ROLES.length,
      cells,
      secrets,
      mismatches: mismatches.length,
    });
    if (mismatches.length) console.log(mismatches.join('\n'));
    expect(mismatches).toEqual([]);
  }, 1_200_000);
});

describe('generated worlds: hidden work stays hidden (issue #15)', () => {
  it('no listing, search, detail, profile tab, feed, sitemap, oEmbed or server-rendered page shows another author’s hidden artwork', async () => {
    const worldArb = fc.array(
      fc.record({
        premium: fc.boolean(),
        artworks: fc.array(fc.record({ draft: fc.boolean(), published: fc.boolean() }), { maxLength: 4 }),
        collects: fc.array(fc.nat(20), { maxLength: 3 }),
      }),
      { minLength: 3, maxLength: 5 },
    );
    const worlds = fc.sample(worldArb, { seed: SEED, numRuns: 4 });
    let checks = 0;
    let pages = 0;
    let titled = 0;
    /** Visible work found in the pages: the HTML check looks where titles really are. */
    let shown = 0;
    const leaks: string[] = [];
    for (const [w, shape] of worlds.entries()) {
      const tag = `world${SEED % 100_000}x${w}`;
      const people = [];
      for (const person of shape) {
        const user = await buildUser(app, { isPremium: person.premium });
        const own = [];
        // Titles unique in the world, so a page's HTML can be searched for each.
        for (const a of person.artworks) own.push(await buildArtwork(app, user, { title: `${tag} art n${++titled}z`, draft: a.draft, published: a.published }));
        people.push({ user, own });
      }
      const all = people.flatMap((p) => p.own);
      // Collections point anywhere, hidden work included (collected before it was hidden).
      for (const [i, person] of shape.entries()) {
        for (const c of person.collects) {
          const target = all[c % Math.max(1, all.length)];
          if (target) await app.db.insert(collections).values({ userId: people[i].user.id, artworkId: target.id }).onConflictDoNothing();
        }
      }
      // Everyone follows everyone (issue #17), so each member's Following feed could show any author's work.
      for (const f of people)
        for (const a of people)
          if (f.user.id !== a.user.id) await app.db.insert(follows).values({ followerId: f.user.id, artistId: a.user.id }).onConflictDoNothing();
      const fresh = await app.db.select({ id: artworks.id, authorId: artworks.authorId, visible: artworks.visible }).from(artworks);
      const byId = new Map(fresh.map((a) => [a.id, a]));
      const viewers: (UserRow | null)[] = [null, ...people.map((p) => p.user)];
      for (const viewer of viewers) {
        const agent = new Agent(app, 'en');
        if (viewer) await loginAs(agent, viewer);
        const seen = async (where: string, url: string) => {
          const res = await agent.get(url);
          checks++;
          const body = res.json();
          const items: { id: number }[] = Array.isArray(body?.results) ? body.results : res.statusCode === 200 && body?.id ? [body] : [];
          for (const item of items) {
            const a = byId.get(item.id);
            if (a && !a.visible && a.authorId !== viewer?.id)
              leaks.push(`${where}: artwork ${a.id} (hidden) shown to ${viewer ? `user ${viewer.id}` : 'a guest'}`);
          }
        };
        // The HTML the page host returns (share tags, inlined answers, server-rendered markup) for the same views.
        const page = async (where: string, url: string) => {
          const res = await agent.get(url);
          checks++;
          pages++;
          if (res.statusCode >= 500) leaks.push(`${where} page ${url}: ${res.statusCode}`);
          for (const a of all) {
            const row = byId.get(a.id);
            if (row?.visible && res.body.includes(a.title)) shown++;
            if (row && !row.visible && row.authorId !== viewer?.id && res.body.includes(a.title))
              leaks.push(`${where} page ${url}: artwork ${a.id} (hidden) shown to ${viewer ? `user ${viewer.id}` : 'a guest'}`);
          }
        };
        // Sitemaps, Atom feeds and oEmbed (issue #18) are the same for everyone: neither the title nor the address
        // of a hidden artwork may be in them.
        const mentions = async (where: string, url: string) => {
          const res = await agent.get(url);
          checks++;
          if (res.statusCode >= 500) leaks.push(`${where} ${url}: ${res.statusCode}`);
          for (const a of all) {
            const row = byId.get(a.id);
            if (row && !row.visible && (res.body.includes(a.title) || res.body.includes(`/artwork/${a.id}/`)))
              leaks.push(`${where} ${url}: artwork ${a.id} (hidden) listed`);
          }
        };
        if (!viewer) {
          await mentions('sitemap', '/sitemaps/artworks-1.xml');
          await mentions('gallery feed', '/feeds/artworks.atom');
          for (const p of people) await mentions('artist feed', `/${p.user.slug}/feed.atom`);
          for (const a of all)
            if (!byId.get(a.id)?.visible) await mentions('oembed', `/api/oembed?url=${encodeURIComponent(`http://localhost/artwork/${a.id}/`)}&format=json`);
        } else {
          await seen('following feed', '/api/v1/feed/?limit=100');
        }
        await page('gallery', '/gallery/all/');
        await page('search', `/gallery/all/?search=${tag}`);
        for (const p of people) {
          await page('profile', `/${p.user.slug}/`);
          await page('profile collection', `/${p.user.slug}/?type=collection`);
        }
        for (const a of all) if (!byId.get(a.id)?.visible) await page('artwork', `/artwork/${a.id}/`);
        await seen('gallery', '/api/v1/artworks/?limit=100');
        await seen('search', `/api/v1/artworks/?search=${tag}&limit=100`);
        for (const a of all) await seen('detail', `/api/v1/artworks/${a.id}/`);
        for (const p of people) {
          await seen('profile projects', `/api/v1/users/${p.user.id}/artworks/?limit=100`);
          await seen('profile collection', `/api/v1/users/${p.user.id}/artworks/?type=collection&limit=100`);
        }
      }
    }
    report('generated worlds', { worlds: worlds.length, checks, serverPages: pages, visibleShown: shown, leaks: leaks.length });
    expect(leaks).toEqual([]);
    if (worlds.some((shape) => shape.some((p) => p.premium && p.artworks.some((a) => !a.draft && a.published)))) expect(shown).toBeGreaterThan(0);
  });
});
