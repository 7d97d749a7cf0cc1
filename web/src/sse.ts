// A fetch-based client of the event stream (POST /api/v1/sse/connect),
// following SPEC.md's rules: the market topics go with every connect,
// reconnect when no base:ping came for 60 s, back off 1 s, 2 s, … up to
// 30 s (or the Retry-After of a 429) and reset after a successful
// connect, and resume with Last-Event-ID so missed events are replayed
// (base:resync when they cannot be: refetch everything). Signed out, the
// stream is a visitor's: market topics only, fixed at connect, so a
// change of topics reconnects (resuming, so nothing is missed).

import { coalesce, invalidate, pace, post, retryAfter } from './api';

export type StreamEvent = { id: string; event: string; data: Record<string, string> };
type Listener = (e: StreamEvent) => void;

export class EventStream {
  private listeners = new Set<Listener>();
  private topics = new Map<string, number>(); // topic → number of pages that want it
  private connectionId = '';
  /** active are the topics the service confirmed for this connection. */
  active = new Set<string>();
  private lastEventId = '';
  private abort: AbortController | null = null;
  private stopped = true;
  private backoff = 1000;
  private watchdog: ReturnType<typeof setTimeout> | undefined;
  /** anonymous: the current stream was opened without a token. */
  private anonymous = false;
  /** again: the current stream is being ended to open one at once. */
  private again = false;
  private retryAfterMs = 0;
  /** state is shown in the page's header. */
  state: 'off' | 'connecting' | 'live' | 'retrying' = 'off';
  onState: (s: EventStream['state']) => void = () => {};

  constructor(private token: () => Promise<string | null>, private refresh: () => Promise<string | null>) {}

  on(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    void this.loop();
  }

  stop() {
    this.stopped = true;
    this.abort?.abort();
    clearTimeout(this.watchdog);
    this.setState('off');
  }

  /** restart ends the current stream and opens a new one at once (a sign-in or sign-out). */
  restart() {
    if (this.stopped) return this.start();
    this.again = true;
    this.abort?.abort();
  }

  /** subscribe adds a market topic (market:<address>) for as long as the returned function is not called. */
  subscribe(topic: string): () => void {
    const n = this.topics.get(topic) || 0;
    this.topics.set(topic, n + 1);
    if (n === 0) this.changed('subscribe', topic);
    return () => {
      const m = (this.topics.get(topic) || 1) - 1;
      if (m > 0) return void this.topics.set(topic, m);
      this.topics.delete(topic);
      this.changed('unsubscribe', topic);
    };
  }

  private changed(kind: 'subscribe' | 'unsubscribe', topic: string) {
    if (!this.connectionId) return; // the next connect sends the topics
    // A visitor's stream cannot change its topics: open one with the new
    // set (once for a page change's unsubscribe and subscribe together).
    if (this.anonymous) return this.reconnectSoon();
    void this.change(kind, [topic]);
  }

  private reconnectSoon = coalesce(() => this.restart(), 50);

  private async change(kind: 'subscribe' | 'unsubscribe', topics: string[]) {
    try {
      await post('sse/' + kind, { connection_id: this.connectionId, topics });
      for (const t of topics) kind === 'subscribe' ? this.active.add(t) : this.active.delete(t);
      this.onState(this.state);
    } catch {
      /* the next connect subscribes again */
    }
  }

  private setState(s: EventStream['state']) {
    this.state = s;
    this.onState(s);
  }

  private kick() {
    clearTimeout(this.watchdog);
    // SPEC: no base:ping for 60 s → reconnect.
    this.watchdog = setTimeout(() => this.abort?.abort(), 60_000);
  }

  private async loop() {
    while (!this.stopped) {
      this.setState(this.backoff > 1000 ? 'retrying' : 'connecting');
      let connected = false;
      this.again = false;
      this.retryAfterMs = 0;
      try {
        connected = await this.once();
      } catch {
        /* retried below */
      }
      this.connectionId = '';
      this.active.clear();
      if (this.stopped) return;
      if (this.again) continue;
      if (connected) this.backoff = 1000;
      const wait = Math.max(this.backoff, this.retryAfterMs);
      this.backoff = Math.min(this.backoff * 2, 30_000);
      this.setState('retrying');
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  /** once holds one connection; it reports whether base:connected arrived. */
  private async once(): Promise<boolean> {
    this.abort = new AbortController();
    let token = await this.token();
    // The topics go with the connect: subscribed atomically, and covered
    // by the replay of a resuming connect.
    const topics = [...this.topics.keys()];
    const open = (tok: string | null) => {
      const headers: Record<string, string> = { Accept: 'text/event-stream', 'Content-Type': 'application/json' };
      if (tok) headers.Authorization = 'Bearer ' + tok;
      if (this.lastEventId) headers['Last-Event-ID'] = this.lastEventId;
      return fetch('/api/v1/sse/connect', { method: 'POST', headers, body: JSON.stringify({ topics }), signal: this.abort!.signal });
    };
    await pace('POST', '/api/v1/sse/connect', !!token);
    let res = await open(token);
    if (res.status === 401 && token) {
      token = await this.refresh();
      await pace('POST', '/api/v1/sse/connect', !!token);
      res = await open(token);
    }
    if (res.status === 429) this.retryAfterMs = retryAfter(res.headers.get('Retry-After'));
    if (!res.ok || !res.body) throw new Error('stream refused: ' + res.status);
    this.anonymous = !token;
    this.sent = new Set(topics);
    this.kick();
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    let connected = false;
    let ev: { id: string; event: string; data: string } = { id: '', event: '', data: '' };
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += value;
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).replace(/\r$/, '');
        buf = buf.slice(nl + 1);
        if (line === '') {
          if (ev.event || ev.data) connected = this.dispatch(ev) || connected;
          ev = { id: '', event: '', data: '' };
          continue;
        }
        if (line.startsWith(':')) continue;
        const i = line.indexOf(':');
        const field = i < 0 ? line : line.slice(0, i);
        const val = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
        if (field === 'event') ev.event = val;
        else if (field === 'data') ev.data += (ev.data ? '\n' : '') + val;
        else if (field === 'id') ev.id = val;
      }
    }
    return connected;
  }

  /** sent are the topics the current stream was opened with. */
  private sent = new Set<string>();

  private dispatch(raw: { id: string; event: string; data: string }): boolean {
    this.kick();
    if (raw.id) this.lastEventId = raw.id;
    let data: Record<string, string> = {};
    try {
      data = raw.data ? JSON.parse(raw.data) : {};
    } catch {
      /* keep {} */
    }
    const e = { id: raw.id, event: raw.event || 'message', data };
    // Something changed: reads from before it are not reused.
    if (e.event !== 'base:ping' && e.event !== 'base:connected') invalidate();
    let connected = false;
    if (e.event === 'base:connected') {
      connected = true;
      this.connectionId = data.connection_id;
      this.backoff = 1000;
      this.active = new Set(this.sent);
      this.setState('live');
      // Topics wanted since the connect was sent: subscribe them (a
      // visitor reconnects with them).
      const late = [...this.topics.keys()].filter((t) => !this.sent.has(t));
      const gone = [...this.sent].filter((t) => !this.topics.has(t));
      if (this.anonymous) {
        if (late.length || gone.length) this.reconnectSoon();
      } else {
        if (late.length) void this.change('subscribe', late);
        if (gone.length) void this.change('unsubscribe', gone);
      }
    }
    for (const l of this.listeners) l(e);
    return connected;
  }
}
