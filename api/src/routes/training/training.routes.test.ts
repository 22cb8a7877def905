import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import request from 'supertest';
import { createTestApp, loginAs, makeUser, type TestContext } from '../../test/harness.ts';
import { hashPassword } from '../../services/accounts/passwords.ts';
import { issueToken } from '../../services/training/admin-token.service.ts';
import { TRAINING_ADMIN_TOKEN_TTL_MS } from '@tm/shared/schemas/training';

let ctx: TestContext;
let token: string;

const video = {
  title: 'Pipeline basics',
  description: 'How stages work',
  videoUrl: 'https://videos.example.com/1',
  section: 'HighLevel CRM Training',
  thumbnailUrl: 'https://img.example.com/1.jpg',
  duration: 125,
  sortOrder: 2,
};

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-03-01T08:00:00Z'));
  await ctx.db('trainingAdmins').insert({ email: 'trainer@example.com', passwordHash: await hashPassword('trainer-pass-1') });
});
afterAll(() => ctx.close());

const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

describe('POST /api/training-admin/login', () => {
  it('answers a signed token that expires in 12 hours', async () => {
    const res = await request(ctx.app).post('/api/training-admin/login').send({ email: 'Trainer@Example.com', password: 'trainer-pass-1' });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(res.body.expiresAt).toBe(new Date(ctx.clock.now().getTime() + TRAINING_ADMIN_TOKEN_TTL_MS).toISOString());
    token = res.body.token;
  });

  it('answers 401 Invalid email or password for a wrong password or an unknown e-mail', async () => {
    for (const body of [
      { email: 'trainer@example.com', password: 'wrong-pass' },
      { email: 'nobody@example.com', password: 'trainer-pass-1' },
    ]) {
      const res = await request(ctx.app).post('/api/training-admin/login').send(body);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Invalid email or password');
    }
  });

  it('answers 400 with the login form messages', async () => {
    const res = await request(ctx.app).post('/api/training-admin/login').send({ email: 'nope', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ email: 'Please enter a valid email address', password: 'Password is required' });
  });

  it('answers 400, not 500, to an e-mail that is an object with a non-function toString', async () => {
    const res = await request(ctx.app)
      .post('/api/training-admin/login')
      .send({ email: { toString: 'x' }, password: 'whatever-pass' });
    expect(res.status).toBe(400);
    expect(res.body.fields.email).toBeTruthy();
  });

  it('a portal admin session is not a training admin', async () => {
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const agent = await loginAs(ctx.app, admin.email, admin.password);
    expect((await agent.get('/api/training-videos')).status).toBe(401);
    expect((await agent.post('/api/training-videos').send(video)).status).toBe(401);
  });
});

describe('/api/training-videos', () => {
  let id: number;

  it('needs the bearer token on every call except /public', async () => {
    expect((await request(ctx.app).get('/api/training-videos')).status).toBe(401);
    expect((await request(ctx.app).post('/api/training-videos').send(video)).status).toBe(401);
    expect((await request(ctx.app).put('/api/training-videos/1').send(video)).status).toBe(401);
    expect((await request(ctx.app).delete('/api/training-videos/1')).status).toBe(401);
    expect((await request(ctx.app).get('/api/training-videos').set(bearer('garbage'))).status).toBe(401);
    expect((await request(ctx.app).get('/api/training-videos/public')).status).toBe(200);
  });

  it('refuses a token with a forged signature or payload', async () => {
    const [body, sig] = token.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const longer = Buffer.from(JSON.stringify({ ...payload, exp: payload.exp + 1e9 })).toString('base64url');
    expect(
      (
        await request(ctx.app)
          .get('/api/training-videos')
          .set(bearer(`${longer}.${sig}`))
      ).status,
    ).toBe(401);
    const other = (await issueToken(ctx.db, 'another-secret-another-secret-0000', payload.sub, ctx.clock.now())).token;
    expect((await request(ctx.app).get('/api/training-videos').set(bearer(other))).status).toBe(401);
  });

  it('creates a video (201), with empty optional fields absent and sortOrder defaulting to 0', async () => {
    const res = await request(ctx.app).post('/api/training-videos').set(bearer(token)).send(video);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...video, isActive: true });
    id = res.body.id;
    const bare = await request(ctx.app)
      .post('/api/training-videos')
      .set(bearer(token))
      .send({ title: 'Bare', videoUrl: 'https://videos.example.com/2', section: 'Trackdrive Training', thumbnailUrl: '', duration: '', sortOrder: '' });
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ description: null, thumbnailUrl: null, duration: null, sortOrder: 0 });
  });

  it('answers 400 with the video form messages', async () => {
    const res = await request(ctx.app)
      .post('/api/training-videos')
      .set(bearer(token))
      .send({ title: ' ', videoUrl: 'not a url', section: 'Cooking', thumbnailUrl: 'nope', duration: 0, sortOrder: -1 });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      title: 'Title is required',
      videoUrl: 'Please enter a valid video URL',
      section: 'Please select a valid section',
      thumbnailUrl: 'Please enter a valid thumbnail URL',
      duration: 'Duration must be at least 1 second',
      sortOrder: 'Sort order must be at least 0',
    });
  });

  it('lists all videos for the manager; the public list has active ones only, by sortOrder', async () => {
    await ctx
      .db('trainingVideos')
      .insert({ title: 'Hidden', videoUrl: 'https://videos.example.com/h', section: 'Trackdrive Training', sortOrder: 0, isActive: false });
    const all = await request(ctx.app).get('/api/training-videos').set(bearer(token));
    expect(all.body.map((v: { title: string }) => v.title).sort()).toEqual(['Bare', 'Hidden', 'Pipeline basics']);
    const pub = await request(ctx.app).get('/api/training-videos/public');
    expect(pub.body.map((v: { title: string }) => v.title)).toEqual(['Bare', 'Pipeline basics']);
  });

  it('updates a video; fields left empty are cleared', async () => {
    const res = await request(ctx.app)
      .put(`/api/training-videos/${id}`)
      .set(bearer(token))
      .send({ ...video, title: 'Pipeline basics (2026)', thumbnailUrl: '', description: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Pipeline basics (2026)', thumbnailUrl: null, description: null, duration: 125 });
    const again = await request(ctx.app)
      .put(`/api/training-videos/${id}`)
      .set(bearer(token))
      .send({ ...video, title: 'Pipeline basics (2026)', thumbnailUrl: '', description: '' });
    expect(again.status).toBe(200);
    expect((await request(ctx.app).put('/api/training-videos/99999').set(bearer(token)).send(video)).status).toBe(404);
  });

  it('deletes a video; the public list follows', async () => {
    const res = await request(ctx.app).delete(`/api/training-videos/${id}`).set(bearer(token));
    expect(res.status).toBe(200);
    const pub = await request(ctx.app).get('/api/training-videos/public');
    expect(pub.body.map((v: { id: number }) => v.id)).not.toContain(id);
    expect((await request(ctx.app).delete(`/api/training-videos/${id}`).set(bearer(token))).status).toBe(404);
  });

  it('refuses the token once it has expired (12 hours)', async () => {
    ctx.clock.advance(TRAINING_ADMIN_TOKEN_TTL_MS - 1000);
    expect((await request(ctx.app).get('/api/training-videos').set(bearer(token))).status).toBe(200);
    ctx.clock.advance(1000);
    const res = await request(ctx.app).get('/api/training-videos').set(bearer(token));
    expect(res.status).toBe(401);
    expect((await request(ctx.app).post('/api/training-videos').set(bearer(token)).send(video)).status).toBe(401);
  });

  it('refuses the token of a training admin who was removed', async () => {
    const [row] = await ctx.db('trainingAdmins').insert({ email: 'gone@example.com', passwordHash: 'x' });
    const t = (await issueToken(ctx.db, ctx.config.sessionSecret, Number(row), ctx.clock.now())).token;
    expect((await request(ctx.app).get('/api/training-videos').set(bearer(t))).status).toBe(200);
    await ctx
      .db('trainingAdmins')
      .where({ id: Number(row) })
      .delete();
    expect((await request(ctx.app).get('/api/training-videos').set(bearer(t))).status).toBe(401);
  });
});
