import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inviteQuestions } from '../apps/api/src/db/schema/index.ts';
import { Agent } from '../apps/api/test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildUser, loginAs, type UserRow } from '../apps/api/test/factories.ts';
import { makeImage } from '../apps/api/test/images.ts';

/**
 * A writer of the durability suite (issue #32): artworks (their cover file in the media store first, then the row, as
 * an upload does), collections, open-call applications and messages, the last three through the API. Every write is
 * remembered with the database's clock read after it committed: a restore to that time must hold it.
 */
export type Table = 'artworks' | 'collections' | 'invite_applications' | 'conversation_messages';

export interface Write {
  table: Table;
  id: number;
  /** The database's clock_timestamp() read after the write committed (text PostgreSQL and pgBackRest both parse). */
  after: string;
}

export interface Files {
  /** Media key → SHA-256 of the bytes written. */
  [key: string]: string;
}

const FANS = 8;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export class Writer {
  readonly writes: Write[] = [];
  readonly files: Files = {};
  private artist!: UserRow;
  /** Fans, each with a conversation with the artist: a person may send 30 messages a minute (CONTACT_LIMITS). */
  private fans: { agent: Agent; conversation: number }[] = [];
  private artistAgent!: Agent;
  private invite = 0;
  private question = 0;
  private image!: Buffer;
  private n = 0;
  private readonly name = randomBytes(3).toString('hex');

  constructor(readonly app: FastifyInstance) {}

  async setup() {
    const app = this.app;
    this.artist = await buildPremium(app, { username: `w${this.name}a` });
    const owner = await buildPremium(app, { username: `w${this.name}o` });
    const invite = await buildInvite(app, owner);
    this.invite = invite.id;
    const [question] = await app.db.insert(inviteQuestions).values({ inviteId: invite.id, question: 'Why?', order: 0 }).returning();
    this.question = question.id;
    this.artistAgent = new Agent(app, 'en');
    await loginAs(this.artistAgent, this.artist);
    for (let i = 0; i < FANS; i++) {
      const agent = new Agent(app, 'en');
      await loginAs(agent, await buildUser(app, { username: `w${this.name}f${i}` }));
      const conversation = await this.api(agent, '/api/v1/conversations/', { artist: this.artist.id, subject: 'Durability', body: 'First message.' });
      this.fans.push({ agent, conversation });
    }
    this.image = await makeImage(24, 16, 'png', `#${randomBytes(3).toString('hex')}`);
  }

  private async clock(): Promise<string> {
    const { rows } = (await this.app.database.db.execute('select clock_timestamp()::text as t')) as unknown as { rows: { t: string }[] };
    return rows[0].t;
  }

  private async remember(table: Table, id: number) {
    const write = { table, id, after: await this.clock() };
    this.writes.push(write);
    return write;
  }

  private async api(agent: Agent, url: string, body: unknown): Promise<number> {
    const res = await agent.post(url, body);
    if (res.statusCode !== 201) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
    return res.json().id;
  }

  /** One round: an artwork with its cover, then a collection of it, an application with it and a message about it. */
  async round(): Promise<Write[]> {
    const n = ++this.n;
    const key = `artworks/durability/${this.name}-${n}.png`;
    // A distinct file each time: the image's bytes and a trailer that PNG readers ignore.
    const bytes = Buffer.concat([this.image, Buffer.from(`${this.name}-${n}`)]);
    await this.app.storage.put(key, bytes, 'image/png');
    this.files[key] = sha256(bytes);
    const artwork = await buildArtwork(this.app, this.artist, { cover: key, croppedCover: key, rawCover: key, title: `Durable ${this.name} ${n}` });
    const out = [await this.remember('artworks', artwork.id)];
    const fan = this.fans[n % FANS];
    out.push(await this.remember('collections', await this.api(fan.agent, '/api/v1/collections/', { artwork: artwork.id })));
    const application = await this.api(this.artistAgent, '/api/v1/invite-applications/', {
      invite: this.invite,
      artwork: artwork.id,
      answers: [{ question: this.question, answer: `Answer ${n}` }],
    });
    out.push(await this.remember('invite_applications', application));
    const message = await this.api(fan.agent, `/api/v1/conversations/${fan.conversation}/messages/`, { body: `Message ${n} about ${artwork.id}` });
    out.push(await this.remember('conversation_messages', message));
    return out;
  }

  /** Rounds until `stop()` says so. */
  async until(stop: () => boolean): Promise<void> {
    while (!stop()) await this.round();
  }
}
