import { useState } from 'preact/hooks';
import { get } from '../api';
import { pct, plural, when } from '../format';
import { Amount, Card, ErrorBox, Loading, Pager, Tabs, useLoad, useStore } from '../ui';

type Option = { optionAddress: string; title: string; price: string };
type Market = { marketAddress: string; title: string; status: string; volume: string; endTime: string; options: Option[]; tags: string[]; categoryId: string };

export function MarketCard({ m }: { m: Market }) {
  return (
    <li class="market">
      <a href={'/market/' + m.marketAddress}>
        <h3>{m.title}</h3>
        <ul class="opts">
          {m.options.map((o) => <li><span>{o.title}</span> <b class="num">{pct(o.price)}</b></li>)}
        </ul>
        <p class="muted small">
          <span class={'status ' + m.status}>{m.status}</span> · <Amount raw={m.volume} /> volume · ends <span class="date">{when(m.endTime)}</span>
        </p>
      </a>
    </li>
  );
}

const pageSize = 12;

export function Markets() {
  const st = useStore();
  const q = new URLSearchParams(location.search);
  const [words, setWords] = useState(q.get('q') || '');
  const [search, setSearch] = useState(q.get('q') || '');
  const [sort, setSort] = useState('newest');
  const [category, setCategory] = useState('');
  const [tag, setTag] = useState('');
  const [status, setStatus] = useState('');
  const [followed, setFollowed] = useState(false);
  const [page, setPage] = useState(1);
  const facets = useLoad(async () => {
    const [c, t] = await Promise.all([get('market/get-categories', {}, { auth: false }), get('market/get-tags', {}, { auth: false })]);
    return { categories: c.categories as { categoryId: string; marketCount: number }[], tags: t.tags as { tag: string; marketCount: number }[] };
  }, []);
  const hot = useLoad(() => get('market/get-hot-markets', { pageSize: 4 }, { auth: false }), []);
  const list = useLoad(
    () => get('market/get-markets', { page, pageSize, sortType: sort, categoryId: category, tag, status, hotWords: search, followed: followed || undefined }, { auth: followed }),
    [page, sort, category, tag, status, search, followed],
  );
  const reset = (f: () => void) => {
    f();
    setPage(1);
  };
  return (
    <div>
      <h1>Markets</h1>
      {hot.data?.marketList?.length ? (
        <Card title="Hot now">
          <ul class="grid hot">{hot.data.marketList.slice(0, 4).map((m: Market) => <MarketCard m={m} />)}</ul>
        </Card>
      ) : null}
      <form class="filters" role="search" onSubmit={(e) => { e.preventDefault(); reset(() => setSearch(words.trim())); }}>
        <label class="grow">
          <span class="sr">Search markets</span>
          <input type="search" placeholder="Search markets" value={words} onInput={(e) => setWords((e.target as HTMLInputElement).value)} />
        </label>
        <button type="submit">Search</button>
        <label>
          <span class="sr">Category</span>
          <select value={category} onChange={(e) => reset(() => setCategory((e.target as HTMLSelectElement).value))}>
            <option value="">All categories</option>
            {facets.data?.categories.map((c) => <option value={c.categoryId}>{c.categoryId} ({c.marketCount})</option>)}
          </select>
        </label>
        <label>
          <span class="sr">Tag</span>
          <select value={tag} onChange={(e) => reset(() => setTag((e.target as HTMLSelectElement).value))}>
            <option value="">All tags</option>
            {facets.data?.tags.map((t) => <option value={t.tag}>#{t.tag} ({t.marketCount})</option>)}
          </select>
        </label>
        <label>
          <span class="sr">Status</span>
          <select value={status} onChange={(e) => reset(() => setStatus((e.target as HTMLSelectElement).value))}>
            <option value="">Any status</option>
            <option value="running">Running</option>
            <option value="settling">Settling</option>
            <option value="disputed">Disputed</option>
            <option value="ended">Ended</option>
          </select>
        </label>
        {st.session ? (
          <label class="check">
            <input type="checkbox" checked={followed} onChange={(e) => reset(() => setFollowed((e.target as HTMLInputElement).checked))} /> Followed only
          </label>
        ) : null}
      </form>
      <Tabs label="Sort" value={sort} onChange={(v) => reset(() => setSort(v))}
        options={[['newest', 'Newest'], ['hot', 'Hot'], ['ending_soon', 'Ending soon'], ['volume', 'Volume']]} />
      <ErrorBox error={list.error} />
      {list.loading && !list.data ? <Loading /> : null}
      {list.data ? (
        <>
          <p class="muted small" aria-live="polite">{plural(list.data.totalCount, 'market')}</p>
          <ul class="grid">{list.data.markets.map((m: Market) => <MarketCard m={m} />)}</ul>
          <Pager page={page} size={pageSize} total={list.data.totalCount} onPage={setPage} />
        </>
      ) : null}
    </div>
  );
}
