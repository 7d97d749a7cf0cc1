import { useState } from 'preact/hooks';
import type { Hex } from 'viem';
import { get, inWords, post } from '../api';
import { duration, parseUnits, plural, when } from '../format';
import { runOp, VOID, type Step } from '../ops';
import { hasWallet, ownerKeyFile, parseOwnerKey } from '../owner';
import { base, decimals, isAdmin, isResolver, nudge, opContext, refreshBadges, reloadUser, signIn, signInWithEthereum, state, stream, symbol, adoptOwnerKey } from '../session';
import { Amount, Card, ErrorBox, Loading, Pager, Progress, Signed, Tabs, navigate, useLoad, useStore } from '../ui';
import { useEffect } from 'preact/hooks';

export function SignIn() {
  const st = useStore();
  if (st.session) return <p>Signed in as <b>{st.session.user.userName || st.session.subject}</b>. <a href="/">Browse markets</a>.</p>;
  // The sign-ins the service offers (config); the development one also
  // wherever the page knows of no other, as before the flags.
  const siweOffered = !!st.cfg?.siwe;
  return (
    <>
      {siweOffered ? <SignInWithEthereum /> : null}
      {st.cfg?.devSignIn || !siweOffered ? <DevSignIn /> : null}
    </>
  );
}

/** SignInWithEthereum signs in through an EIP-1193 wallet (EIP-4361), when the service offers it. */
function SignInWithEthereum() {
  const [err, setErr] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Card title="Sign in with Ethereum">
      <p class="muted small">Your wallet signs a sign-in message of this service (no transaction, no fee); your identity is its address
        (<code>did:pkh</code>). The same wallet owns your smart account: it signs the login and your operations.</p>
      {hasWallet() ? null : <p class="muted small" id="siwe-no-wallet">No Ethereum wallet found in this browser.</p>}
      <button class="primary" id="siwe-signin" disabled={busy || !hasWallet()} onClick={async () => {
        setBusy(true);
        setErr('');
        try {
          await signInWithEthereum();
          navigate('/portfolio');
        } catch (x) {
          setErr(inWords(x));
        } finally {
          setBusy(false);
        }
      }}>{busy ? 'Waiting for the wallet…' : 'Sign in with Ethereum'}</button>
      <ErrorBox error={err} />
    </Card>
  );
}

/** DevSignIn is the development provider's sign-in by name. */
function DevSignIn() {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'browser key' | 'wallet'>('browser key');
  const [keyText, setKeyText] = useState('');
  const [err, setErr] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Card title="Sign in">
      <form id="signin" onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setErr('');
        try {
          const key = kind === 'browser key' && keyText.trim() ? parseOwnerKey(keyText) : undefined;
          if (key === null) throw new Error('The owner key must be 64 hexadecimal digits (a 0x before them is fine), as in a key file of predict login.');
          await signIn(name.trim(), kind, key);
          navigate('/portfolio');
        } catch (x) {
          setErr(inWords(x));
        } finally {
          setBusy(false);
        }
      }}>
        <p class="muted small">Development sign-in: this service is its own identity provider, so any name signs in as <code>did:dev:&lt;name&gt;</code>.
          The owner key of your smart account is created in this browser and signs a login challenge, so the account is provably yours.</p>
        <label>Name<input id="signin-name" autocomplete="username" required pattern="[A-Za-z0-9][A-Za-z0-9._\-]{0,39}" value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} /></label>
        <fieldset>
          <legend>Owner key</legend>
          <label class="check"><input type="radio" name="owner" checked={kind === 'browser key'} onChange={() => setKind('browser key')} /> A key kept in this browser</label>
          <label class="check"><input type="radio" name="owner" disabled={!hasWallet()} checked={kind === 'wallet'} onChange={() => setKind('wallet')} /> My wallet{hasWallet() ? '' : ' (none found)'}</label>
        </fieldset>
        {kind === 'browser key' ? (
          <details id="signin-import">
            <summary>Use an existing owner key</summary>
            <OwnerKeyInput id="signin-key" value={keyText} onChange={setKeyText} />
            <p class="muted small">If this identity already has an account (made by <code>predict login</code>, or in another browser), its owner key
              signs in here; leave this empty on a first sign-in and the browser makes a key.</p>
          </details>
        ) : null}
        <button class="primary" id="signin-submit" disabled={busy}>{busy ? 'Signing in…' : 'Sign in'}</button>
        <ErrorBox error={err} />
      </form>
    </Card>
  );
}

/** OwnerKeyInput takes an owner key pasted as hex, or read from a key file. */
function OwnerKeyInput({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  return (
    <>
      <label>Owner key (64 hex digits)
        <input id={id} type="password" autocomplete="off" spellcheck={false} value={value} onInput={(e) => onChange((e.target as HTMLInputElement).value)} /></label>
      <label>or its key file
        <input id={id + '-file'} type="file" accept=".key,.txt,text/plain" onChange={async (e) => {
          const f = (e.target as HTMLInputElement).files?.[0];
          if (f) onChange((await f.text()).trim());
        }} /></label>
    </>
  );
}

/** download saves text as a file named name. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/octet-stream' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** OwnerKey is the profile's owner-key card: export the browser's key, or use an existing one. */
function OwnerKey() {
  const s = state.session!;
  const [keyText, setKeyText] = useState('');
  const [msg, setMsg] = useState('');
  const [err, setErr] = useState('');
  const file = s.owner.kind === 'browser key' ? ownerKeyFile(s.subject) : null;
  const name = 'predict-owner-' + (s.user.userName || s.subject.split(':').pop()) + '.key';
  return (
    <Card title="Owner key" id="owner-key">
      {file ? (
        <>
          <p class="warn small">This key controls your account and everything in it: whoever has the file can trade, withdraw and claim as you.
            Keep it private; the service never asks for it.</p>
          <p><button id="export-key" type="button" onClick={() => {
            download(name, file);
            setMsg(`Saved ${name}. Sign in from the command line with: predict login --key-file ${name} --sub ${s.subject}`);
          }}>Export owner key</button></p>
        </>
      ) : <p class="muted small">Your owner is a wallet: it keeps its own key, so there is nothing to export.</p>}
      <form id="import-key" onSubmit={async (e) => {
        e.preventDefault();
        setErr('');
        setMsg('');
        const key = parseOwnerKey(keyText);
        if (!key) return setErr('The owner key must be 64 hexadecimal digits (a 0x before them is fine), as in a key file of predict login.');
        try {
          await adoptOwnerKey(key);
          setKeyText('');
          setMsg('This browser now signs with that key.');
        } catch (x) {
          setErr(inWords(x));
        }
      }}>
        <h3>Use an existing owner key</h3>
        <OwnerKeyInput id="import-key-text" value={keyText} onChange={setKeyText} />
        <button type="submit" disabled={!keyText.trim()}>Use this key</button>
      </form>
      <p role="status" id="owner-key-status" class="small">{msg}</p>
      <ErrorBox error={err} />
    </Card>
  );
}

export function Leaderboard() {
  const [period, setPeriod] = useState('all');
  const [sortBy, setSortBy] = useState('pnl');
  const [page, setPage] = useState(1);
  const lb = useLoad(() => get('user/get-leaderboard', { page, pageSize: 20, period, sortBy }, { auth: false }), [page, period, sortBy]);
  return (
    <div>
      <h1>Leaderboard</h1>
      <Tabs label="Period" value={period} onChange={(v) => { setPeriod(v); setPage(1); }} options={[['day', 'Day'], ['week', 'Week'], ['month', 'Month'], ['all', 'All time']]} />
      <Tabs label="Rank by" value={sortBy} onChange={(v) => { setSortBy(v); setPage(1); }} options={[['pnl', 'PnL'], ['volume', 'Volume']]} />
      <ErrorBox error={lb.error} />
      {lb.data ? (
        <Card>
          <p class="muted small">Updated {lb.data.updatedAt ? when(lb.data.updatedAt) : 'soon'}</p>
          {lb.data.entries.length === 0 ? <p class="muted">Nobody ranked yet.</p> : null}
          <table class="list" id="leaderboard">
            <thead><tr><th>#</th><th>Trader</th><th>PnL</th><th>Volume</th></tr></thead>
            <tbody>
              {lb.data.entries.map((e: any) => (
                <tr><td data-label="#">{e.rank}</td><td data-label="Trader">{e.avatarUrl ? <img class="avatar" src={e.avatarUrl} alt="" /> : null} <span class="name">{e.name || e.uid}</span></td><td data-label="PnL"><Signed raw={e.pnl} /></td><td data-label="Volume"><Amount raw={e.volume} /></td></tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} size={20} total={lb.data.total} onPage={setPage} />
        </Card>
      ) : <Loading />}
    </div>
  );
}

export function Notifications() {
  const st = useStore();
  const [page, setPage] = useState(1);
  const list = useLoad(async () => (st.session ? get('user/get-user-notifications', { page, pageSize: 20 }) : null), [page, st.session?.user.uid]);
  useEffect(() => stream.on((e) => {
    if (e.event === 'user:new_notification' || e.event === 'base:resync') list.reload();
  }), [page]);
  if (!st.session) return <p><a href="/signin">Sign in</a> to see your notifications.</p>;
  const unread = (list.data?.notifications || []).filter((n: any) => n.status === 'unread').map((n: any) => n.uuid);
  return (
    <div>
      <h1>Notifications</h1>
      <button disabled={!unread.length} onClick={async () => {
        await post('user/mark-notifications-as-read', { notificationUuids: unread });
        list.reload();
        void refreshBadges();
      }}>Mark all read</button>
      <ErrorBox error={list.error} />
      <ul class="notes" id="notifications">
        {list.data?.notifications.map((n: any) => (
          <li class={n.status}><b>{n.title}</b> <span class="muted small date">{when(n.createdAt)}</span><p>{n.content}</p></li>
        ))}
      </ul>
      {list.data?.notifications.length === 0 ? <p class="muted">Nothing yet.</p> : null}
      {list.data ? <Pager page={page} size={20} total={list.data.total} onPage={setPage} /> : null}
    </div>
  );
}

export function Profile() {
  const st = useStore();
  const s = st.session;
  const info = useLoad(async () => (s ? get('user/get-user-base-info', { uid: s.user.uid }) : null), [s?.user.uid]);
  const [name, setName] = useState<string | null>(null);
  const [avatar, setAvatar] = useState<string | null>(null);
  const [desc, setDesc] = useState<string | null>(null);
  const [msg, setMsg] = useState('');
  const [err, setErr] = useState('');
  if (!s) return <p><a href="/signin">Sign in</a> to edit your profile.</p>;
  if (!info.data) return <Loading />;
  const save = async (e: Event) => {
    e.preventDefault();
    setErr('');
    setMsg('');
    try {
      if (name !== null && name !== s.user.userName) await post('user/set-name', { name });
      if (avatar !== null && avatar !== s.user.avatarUrl) await post('user/set-avatar', { avatarUrl: avatar });
      if (desc !== null && desc !== info.data.description) await post('user/set-description', { description: desc });
      await reloadUser();
      info.reload();
      setMsg('Saved.');
    } catch (x) {
      setErr(inWords(x));
    }
  };
  const d = info.data;
  return (
    <div>
      <h1>Profile</h1>
      <Card>
        <p>{(avatar ?? s.user.avatarUrl) ? <img class="avatar big" src={avatar ?? s.user.avatarUrl} alt="your avatar" /> : null}</p>
        <dl class="quote">
          <dt>Identity</dt><dd><code>{s.subject}</code></dd>
          <dt>Smart account</dt><dd><code>{s.account}</code> {s.user.addressVerified ? '(proven)' : '(provisional)'}</dd>
          <dt>Owner</dt><dd><code>{s.owner.address}</code> ({s.owner.kind})</dd>
          <dt>Roles</dt><dd>{s.user.roles.join(', ') || 'trader'}</dd>
          <dt>Invite code</dt><dd><code>{s.user.inviteCode}</code></dd>
          <dt>Followers</dt><dd>{plural(d.followersCount, 'follower')} · {d.followingCount} following</dd>
        </dl>
        <form onSubmit={save} id="profile">
          <label>Name<input id="profile-name" value={name ?? s.user.userName} onInput={(e) => setName((e.target as HTMLInputElement).value)} /></label>
          <label>Avatar URL<input id="profile-avatar" type="url" value={avatar ?? s.user.avatarUrl} onInput={(e) => setAvatar((e.target as HTMLInputElement).value)} /></label>
          <label>Description<textarea id="profile-description" value={desc ?? d.description} onInput={(e) => setDesc((e.target as HTMLTextAreaElement).value)} /></label>
          <button class="primary">Save</button> <span role="status">{msg}</span>
          <ErrorBox error={err} />
        </form>
      </Card>
      <OwnerKey />
      <APIKeys />
    </div>
  );
}

/** APIKeys is the profile's card of API keys: a bot signs in with one instead of a token (docs/users.md). */
function APIKeys() {
  const keys = useLoad(async () => (await get('user/get-api-keys')).keys as any[], []);
  const [name, setName] = useState('');
  const [scope, setScope] = useState('read');
  const [days, setDays] = useState('');
  const [shown, setShown] = useState('');
  const [err, setErr] = useState('');
  const create = async (e: Event) => {
    e.preventDefault();
    setErr('');
    setShown('');
    try {
      const body: Record<string, unknown> = { name, scopes: [scope] };
      if (days) body.expiresAt = new Date(Date.now() + Number(days) * 86_400_000).toISOString();
      const k = await post('user/create-api-key', body);
      setShown(k.key);
      setName('');
      keys.reload();
    } catch (x) {
      setErr(inWords(x));
    }
  };
  const revoke = async (id: string) => {
    setErr('');
    try {
      await post('user/revoke-api-key', { id });
      keys.reload();
    } catch (x) {
      setErr(inWords(x));
    }
  };
  return (
    <Card title="API keys" id="api-keys">
      <p class="muted small">A key lets a program (a bot, a script) act as you without signing in: read, or also trade (every operation
        is still signed by your owner key). It is shown once; keep it like a password.</p>
      {shown ? <p class="warn small" id="api-key-shown">Your new key, shown only now: <code>{shown}</code></p> : null}
      {keys.data ? (
        keys.data.length ? (
          <table class="list keys" id="api-key-list">
            <thead><tr><th>Name</th><th>Key</th><th>Scopes</th><th>Expires</th><th>Last used</th><th /></tr></thead>
            <tbody>{keys.data.map((k) => (
              <tr key={k.id} data-key={k.id}>
                <td data-label="Name" class="key-name"><span class="name">{k.name}</span></td>
                <td data-label="Key" class="key-cell"><code class="key-prefix">{k.prefix}…</code></td>
                <td data-label="Scopes">{k.scopes.join(', ')}</td>
                <td data-label="Expires" class="date">{k.expiresAt ? when(k.expiresAt) : 'never'}</td>
                <td data-label="Last used" class="date">{k.lastUsedAt ? when(k.lastUsedAt) : 'never'}</td>
                <td class="key-revoke"><button type="button" class="small revoke-key" onClick={() => revoke(k.id)}>Revoke</button></td>
              </tr>))}</tbody>
          </table>
        ) : <p class="muted small">No keys.</p>
      ) : <Loading />}
      <form id="create-api-key" onSubmit={create}>
        <label>Name<input id="api-key-name" required maxLength={64} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} /></label>
        <label>Scope<select id="api-key-scope" value={scope} onChange={(e) => setScope((e.target as HTMLSelectElement).value)}>
          <option value="read">read</option><option value="trade">trade</option></select></label>
        <label>Expires in days (empty: never)<input id="api-key-days" type="number" min="1" max="1800" value={days} onInput={(e) => setDays((e.target as HTMLInputElement).value)} /></label>
        <button class="primary">Create key</button>
      </form>
      <ErrorBox error={err} />
    </Card>
  );
}

export function Admin() {
  const st = useStore();
  // A market created here joins the settle list at once.
  const [created, setCreated] = useState(0);
  if (!st.session) return <p><a href="/signin">Sign in</a> first.</p>;
  if (!isResolver()) return <p>This page is for admins and resolvers.</p>;
  return (
    <div>
      <h1>Administration</h1>
      {isAdmin() ? <CreateMarket onCreated={() => setCreated((n) => n + 1)} /> : null}
      <Settle version={created} />
      {isAdmin() ? <Roles /> : null}
    </div>
  );
}

const emptyMarket = { title: '', description: '', rules: '', options: 'Yes\nNo', categoryId: 'general', tags: '', days: '7', liquidity: '100', window: '' };

function CreateMarket({ onCreated }: { onCreated: () => void }) {
  const [f, setF] = useState(emptyMarket);
  const [steps, setSteps] = useState<Step[]>([]);
  const [err, setErr] = useState('');
  const [created, setCreated] = useState('');
  const set = (k: keyof typeof f) => (e: Event) => setF({ ...f, [k]: (e.target as HTMLInputElement).value });
  const submit = async (e: Event) => {
    e.preventDefault();
    setErr('');
    const options = f.options.split('\n').map((o) => o.trim()).filter(Boolean);
    const liq = parseUnits(f.liquidity, decimals());
    if (options.length < 2) return setErr('A market needs at least two options.');
    if (!liq || liq <= 0n) return setErr('Enter the initial liquidity.');
    // The challenge window in minutes; empty takes the service's default.
    const windowMin = f.window.trim() === '' ? null : parseFloat(f.window);
    if (windowMin !== null && !(windowMin >= 0 && windowMin <= 30 * 24 * 60)) return setErr('The challenge window is 0 to 43,200 minutes (30 days).');
    const challengeWindow = windowMin === null ? undefined : BigInt(Math.round(windowMin * 60));
    const end = new Date(Date.now() + parseFloat(f.days) * 86400_000);
    end.setUTCMilliseconds(0);
    const cfg = state.cfg!;
    const fields = {
      title: f.title, description: f.description, rules: f.rules, options: options.map((title) => ({ title })), categoryId: f.categoryId,
      tags: f.tags.split(',').map((t) => t.trim()).filter(Boolean), endTime: end.toISOString().replace('.000', ''), baseTokenAddress: base()!.address, initialLiquidity: liq.toString(),
      ...(challengeWindow === undefined ? {} : { challengeWindowSeconds: Number(challengeWindow) }),
    };
    try {
      const r = await runOp(opContext(), 'create-market', 'market/create-market', fields,
        { kind: 'create-market', factory: cfg.marketFactory, baseToken: base()!.address, options, endTime: BigInt(end.getTime() / 1000), initialLiquidity: liq, challengeWindow }, setSteps, nudge,
        { doing: `Creating "${f.title}"`, done: `Market created: "${f.title}".`, failed: 'Market not created' });
      setCreated(r.marketAddress);
      setF(emptyMarket); // the form is ready for the next market
      onCreated();
    } catch {
      /* shown */
    }
  };
  return (
    <Card title="Create a market" id="create-market">
      <form onSubmit={submit}>
        <label>Question<input id="cm-title" required value={f.title} onInput={set('title')} /></label>
        <label>Description<textarea id="cm-description" required value={f.description} onInput={set('description')} /></label>
        <label>Rules<textarea id="cm-rules" required value={f.rules} onInput={set('rules')} /></label>
        <label>Options (one per line)<textarea id="cm-options" value={f.options} onInput={set('options')} /></label>
        <div class="row">
          <label>Category<input id="cm-category" required value={f.categoryId} onInput={set('categoryId')} /></label>
          <label>Tags (comma-separated)<input value={f.tags} onInput={set('tags')} /></label>
        </div>
        <div class="row">
          <label>Ends in (days)<input id="cm-days" inputMode="decimal" value={f.days} onInput={set('days')} /></label>
          <label>Initial liquidity ({symbol()})<input id="cm-liquidity" inputMode="decimal" value={f.liquidity} onInput={set('liquidity')} /></label>
        </div>
        <label>Challenge window (minutes; empty: the service's default, 0: settle at once)
          <input id="cm-window" inputMode="decimal" placeholder="default" value={f.window} onInput={set('window')} /></label>
        <p class="muted small">With a window, settling proposes the outcome with a bond, anyone can dispute it until the window closes, and the arbitrator decides disputes.</p>
        <button class="primary" id="cm-submit">Create</button>
        <ErrorBox error={err} />
        <Progress steps={steps} />
        {created ? <p>Created: <a id="cm-created" href={'/market/' + created}>open the market</a></p> : null}
      </form>
    </Card>
  );
}

function Settle({ version }: { version: number }) {
  const markets = useLoad(() => get('market/get-markets', { page: 1, pageSize: 50, status: 'running' }, { auth: false }), [version]);
  const [market, setMarket] = useState('');
  // winner: an option's index, or 'void'.
  const [winner, setWinner] = useState('0');
  const [source, setSource] = useState('');
  const [note, setNote] = useState('');
  const [steps, setSteps] = useState<Step[]>([]);
  const [err, setErr] = useState('');
  const m = markets.data?.markets.find((x: any) => x.marketAddress === market);
  // The chosen market's window and bond decide what settling does.
  const res = useLoad(async () => (market ? get('market/get-resolution-status', { marketAddress: market }, { auth: false }) : null), [market]);
  const window = res.data?.challengeWindowSeconds || 0;
  const bond = res.data ? BigInt(res.data.bond || '0') : undefined;
  const isVoid = winner === 'void';
  const submit = async (e: Event) => {
    e.preventDefault();
    setErr('');
    if (!m) return setErr('Pick a market.');
    if (!res.data) return setErr('Wait for the market\'s resolution terms.');
    const outcome = isVoid ? { void: true } : { winningOptionAddress: m.options[+winner].optionAddress };
    try {
      await runOp(opContext(), 'settle-market', 'market/settle-market',
        { marketAddress: m.marketAddress, ...outcome, resolutionSource: source, resolutionNote: note },
        { kind: 'settle-market', market: m.marketAddress as Hex, outcome: isVoid ? VOID : BigInt(winner), bond: window > 0 ? bond : undefined }, setSteps, nudge,
        window > 0
          ? { doing: `Proposing ${isVoid ? 'void' : m.options[+winner].title} for "${m.title}"`, done: `Outcome proposed for "${m.title}": ${isVoid ? 'void' : m.options[+winner].title}; the challenge window is open.`, failed: 'Outcome not proposed' }
          : { doing: `Settling "${m.title}" on ${isVoid ? 'void' : m.options[+winner].title}`, done: `"${m.title}" settled: ${isVoid ? 'void' : m.options[+winner].title + ' wins'}.`, failed: 'Not settled' });
      // The settled market leaves the list, and the form starts afresh.
      setMarket('');
      setWinner('0');
      setSource('');
      setNote('');
      markets.reload();
    } catch {
      /* shown */
    }
  };
  return (
    <Card title="Settle a market" id="settle">
      <form onSubmit={submit}>
        <label>Market
          <select id="settle-market" value={market} onChange={(e) => { setMarket((e.target as HTMLSelectElement).value); setWinner('0'); }}>
            <option value="">Choose…</option>
            {markets.data?.markets.map((x: any) => <option value={x.marketAddress}>{x.title}</option>)}
          </select>
        </label>
        {m ? (
          <label>Outcome
            <select id="settle-winner" value={winner} onChange={(e) => setWinner((e.target as HTMLSelectElement).value)}>
              {m.options.map((o: any, i: number) => <option value={String(i)}>{o.title} wins</option>)}
              <option value="void">Void — no option wins; every option token pays 1/{m.options.length}</option>
            </select>
          </label>
        ) : null}
        {m && res.data ? (
          window > 0 ? (
            <p class="small" id="settle-terms">This market has a challenge window of {duration(window)}. Settling proposes the outcome and posts a bond
              of <Amount raw={bond} /> from your account. Anyone can dispute it during the window by posting the same bond; the arbitrator then decides,
              and if the outcome is overturned your bond goes to the disputer. Undisputed, anyone can finalize it after the window and your bond is returned.</p>
          ) : <p class="small" id="settle-terms">This market has no challenge window: settling ends it at once.</p>
        ) : null}
        <label>Resolution source<input value={source} onInput={(e) => setSource((e.target as HTMLInputElement).value)} /></label>
        <label>Note<input value={note} onInput={(e) => setNote((e.target as HTMLInputElement).value)} /></label>
        <button class="primary" id="settle-submit" disabled={!!market && !res.data}>{window > 0 ? 'Propose the outcome' : 'Settle'}</button>
        <ErrorBox error={err || markets.error || res.error} />
        <Progress steps={steps} />
      </form>
    </Card>
  );
}

function Roles() {
  const [who, setWho] = useState('');
  const [role, setRole] = useState('resolver');
  const [granted, setGranted] = useState(true);
  const [msg, setMsg] = useState('');
  const [err, setErr] = useState('');
  return (
    <Card title="Roles" id="roles">
      <form onSubmit={async (e) => {
        e.preventDefault();
        setErr('');
        setMsg('');
        try {
          const u = await get('user/get-user-base-info', { name: who.trim() }, { auth: false });
          const r = await post('admin/set-user-role', { uid: u.uid, role, granted });
          setMsg(`${u.name}: ${r.user.roles.join(', ') || 'no roles'}`);
          setWho('');
        } catch (x) {
          setErr(inWords(x));
        }
      }}>
        <div class="row">
          <label>User name<input value={who} required onInput={(e) => setWho((e.target as HTMLInputElement).value)} /></label>
          <label>Role<select id="role-name" value={role} onChange={(e) => setRole((e.target as HTMLSelectElement).value)}><option value="resolver">resolver</option><option value="admin">admin</option><option value="arbitrator">arbitrator</option></select></label>
          <label>Action<select value={granted ? 'grant' : 'revoke'} onChange={(e) => setGranted((e.target as HTMLSelectElement).value === 'grant')}><option value="grant">grant</option><option value="revoke">revoke</option></select></label>
        </div>
        <button class="primary">Apply</button> <span role="status">{msg}</span>
        <ErrorBox error={err} />
      </form>
    </Card>
  );
}
