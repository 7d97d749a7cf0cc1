// The web app of predict: every page uses the public API only.
import { render } from 'preact';
import './style.css';
import { plural, toUnits } from './format';
import { isResolver, restore, signOut, stream, symbol, decimals } from './session';
import { Markets } from './pages/markets';
import { MarketPage } from './pages/market';
import { Portfolio } from './pages/portfolio';
import { Admin, Leaderboard, Notifications, Profile, SignIn } from './pages/others';
import { useRoute, useStore } from './ui';

function Page({ path }: { path: string }) {
  const p = path.split('?')[0];
  const m = p.match(/^\/market\/(0x[0-9a-fA-F]{40})$/);
  if (m) return <MarketPage address={m[1]} />;
  switch (p) {
    case '/': return <Markets />;
    case '/portfolio': return <Portfolio />;
    case '/leaderboard': return <Leaderboard />;
    case '/notifications': return <Notifications />;
    case '/profile': return <Profile />;
    case '/admin': return <Admin />;
    case '/signin': return <SignIn />;
  }
  return <p>No such page. <a href="/">Markets</a></p>;
}

function App() {
  const path = useRoute();
  const st = useStore();
  const s = st.session;
  const here = (p: string) => (path.split('?')[0] === p ? 'page' : undefined);
  return (
    <>
      <a class="skip" href="#main">Skip to content</a>
      <header class="top">
        <a href="/" class="brand">predict</a>
        <nav aria-label="main">
          <a href="/" aria-current={here('/')}>Markets</a>
          <a href="/portfolio" aria-current={here('/portfolio')}>Portfolio</a>
          <a href="/leaderboard" aria-current={here('/leaderboard')}><span class="long">Leaderboard</span><span class="short">Ranks</span></a>
          {s ? (
            <a href="/notifications" aria-current={here('/notifications')} id="nav-notifications">
              <span class="long">Notifications</span><span class="short">Inbox</span>{st.unread ? <span class="badge" id="unread" aria-label={plural(st.unread, 'unread notification')}>{st.unread}</span> : null}
            </a>
          ) : null}
          {s ? <a href="/profile" aria-current={here('/profile')}>Profile</a> : null}
          {s && isResolver() ? <a href="/admin" aria-current={here('/admin')}>Admin</a> : null}
        </nav>
        <div class="who">
          <span class={'live ' + st.live} data-topics={[...stream.active].join(' ')} title={'event stream: ' + st.live} aria-label={'live updates ' + st.live} />
          {s ? (
            <>
              <span id="header-balance" class="num">{st.balance !== null ? toUnits(st.balance, decimals()) + ' ' + symbol() : ''}</span>
              <span id="who">{s.user.userName || s.subject}</span>
              <button class="ghost small" onClick={signOut}>Sign out</button>
            </>
          ) : <a href="/signin" class="button">Sign in</a>}
        </div>
      </header>
      <main id="main" tabIndex={-1}><Page path={path} /></main>
    </>
  );
}

void restore().finally(() => render(<App />, document.getElementById('app')!));
