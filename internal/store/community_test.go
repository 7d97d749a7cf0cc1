package store_test

import (
	"context"
	"database/sql"
	"os"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// fields is f of each of xs: empty, not nil, for none.
func fields[T, F any](xs []T, f func(T) F) []F {
	out := []F{}
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

// refusedComment is a comment the store must refuse, with code.
type refusedComment struct {
	name string
	c    predict.NewComment
	code string
}

// wantRefused tries to create each comment, in a subtest of its name,
// and checks the code of the refusal.
func wantRefused(t *testing.T, s *store.DB, cases []refusedComment) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := s.CreateComment(context.Background(), tc.c)
			wantCode(t, err, tc.code)
		})
	}
}

func postIDs(ps []*predict.Post) []int64 {
	return fields(ps, func(p *predict.Post) int64 { return p.ID })
}

func commentIDs(cs []*predict.Comment) []int64 {
	return fields(cs, func(c *predict.Comment) int64 { return c.ID })
}

func commentUUIDs(cs []*predict.Comment) []string {
	return fields(cs, func(c *predict.Comment) string { return c.UUID })
}

func TestPosts(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		m := storetest.NewMarket(t, s, nil)
		other := storetest.NewMarket(t, s, nil)
		alice := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.UserName = "alice" })
		bob := storetest.NewUser(t, s, nil)

		p1, err := s.CreatePost(ctx, alice.UID, m.Address, "first")
		storetest.Must(t, err)
		if p1.ID == 0 || p1.Market != m.Address || p1.Author.UID != alice.UID || p1.Author.Name != "alice" || p1.Content != "first" ||
			p1.CommentCount != 0 || p1.Hidden || p1.Deleted || p1.CreatedAt.IsZero() {
			t.Fatalf("created post = %+v", p1)
		}
		p2, err := s.CreatePost(ctx, bob.UID, m.Address, "second")
		storetest.Must(t, err)
		p3, err := s.CreatePost(ctx, alice.UID, m.Address, "third")
		storetest.Must(t, err)
		_, err = s.CreatePost(ctx, bob.UID, other.Address, "elsewhere")
		storetest.Must(t, err)

		_, err = s.CreatePost(ctx, alice.UID, storetest.Address(), "nowhere")
		wantCode(t, err, predict.ENOTFOUND)
		_, _, err = s.Posts(ctx, predict.PostFilter{Market: storetest.Address(), Page: 1, PageSize: 10})
		wantCode(t, err, predict.ENOTFOUND)

		list := func(page, size int) ([]int64, int) {
			t.Helper()
			ps, total, err := s.Posts(ctx, predict.PostFilter{Market: m.Address, Page: page, PageSize: size})
			storetest.Must(t, err)
			return postIDs(ps), total
		}
		for _, tc := range []struct {
			name       string
			page, size int
			want       []int64
		}{
			{"NewestFirst", 1, 10, []int64{p3.ID, p2.ID, p1.ID}},
			{"FirstPage", 1, 2, []int64{p3.ID, p2.ID}},
			{"SecondPage", 2, 2, []int64{p1.ID}},
			{"PastTheEnd", 3, 2, []int64{}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				got, total := list(tc.page, tc.size)
				if !slices.Equal(got, tc.want) || total != 3 {
					t.Fatalf("posts = %v (total %d), want %v (total 3)", got, total, tc.want)
				}
			})
		}

		t.Run("Hide", func(t *testing.T) {
			storetest.Must(t, s.SetPostHidden(ctx, p2.ID, true))
			storetest.Must(t, s.SetPostHidden(ctx, p2.ID, true)) // idempotent
			if got, total := list(1, 10); !slices.Equal(got, []int64{p3.ID, p1.ID}) || total != 2 {
				t.Fatalf("posts with one hidden = %v (total %d)", got, total)
			}
			got, err := s.PostByID(ctx, p2.ID)
			storetest.Must(t, err)
			if !got.Hidden || got.Deleted || got.Content != "second" {
				t.Fatalf("hidden post = %+v", got)
			}
			storetest.Must(t, s.SetPostHidden(ctx, p2.ID, false))
			if got, total := list(1, 10); len(got) != 3 || total != 3 {
				t.Fatalf("posts after showing again = %v (total %d)", got, total)
			}
		})
		t.Run("Delete", func(t *testing.T) {
			storetest.Must(t, s.DeletePost(ctx, p1.ID))
			if got, total := list(1, 10); !slices.Equal(got, []int64{p3.ID, p2.ID}) || total != 2 {
				t.Fatalf("posts with one deleted = %v (total %d)", got, total)
			}
			got, err := s.PostByID(ctx, p1.ID)
			storetest.Must(t, err)
			if !got.Deleted {
				t.Fatalf("deleted post = %+v", got)
			}
			wantCode(t, s.DeletePost(ctx, p1.ID), predict.ENOTFOUND)
			wantCode(t, s.SetPostHidden(ctx, p1.ID, true), predict.ENOTFOUND)
		})
		t.Run("ErrNotFound", func(t *testing.T) {
			_, err := s.PostByID(ctx, 1<<40)
			wantCode(t, err, predict.ENOTFOUND)
			wantCode(t, s.DeletePost(ctx, 1<<40), predict.ENOTFOUND)
			wantCode(t, s.SetPostHidden(ctx, 1<<40, true), predict.ENOTFOUND)
		})
	})
}

func TestComments(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		m := storetest.NewMarket(t, s, nil)
		alice := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.UserName = "alice" })
		bob := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.UserName = "bob" })
		carol := storetest.NewUser(t, s, nil)
		post, err := s.CreatePost(ctx, alice.UID, m.Address, "What do you think?")
		storetest.Must(t, err)
		otherPost, err := s.CreatePost(ctx, bob.UID, m.Address, "Another thread")
		storetest.Must(t, err)

		comment := func(u *predict.User, parent int64, content string) (*predict.Comment, []string) {
			t.Helper()
			c, notified, err := s.CreateComment(ctx, predict.NewComment{UID: u.UID, PostID: post.ID, ParentID: parent, Content: content})
			storetest.Must(t, err)
			return c, notified
		}
		// Who is told of a comment: the answered comment's author and the
		// post's author, each once, never the writer.
		c1, n1 := comment(bob, 0, "Yes")
		if c1.PostID != post.ID || c1.ParentID != 0 || c1.Market != m.Address || c1.Author.UID != bob.UID || c1.Author.Name != "bob" ||
			c1.Content != "Yes" || c1.CreatedAt.IsZero() {
			t.Fatalf("comment = %+v", c1)
		}
		c2, n2 := comment(alice, c1.ID, "Why?")     // alice answers bob on her own post
		c3, n3 := comment(bob, c2.ID, "Because")    // bob answers alice
		c4, n4 := comment(bob, c3.ID, "And also")   // bob answers himself: only the post's author
		c5, n5 := comment(carol, c1.ID, "Agreed")   // carol answers bob on alice's post: both
		c6, n6 := comment(alice, 0, "Thanks all")   // alice on her own post: nobody
		c7, n7 := comment(alice, c2.ID, "Self too") // alice answers herself on her post: nobody
		for _, tc := range []struct {
			name string
			got  []string
			want []string
		}{
			{"CommentOnPost", n1, []string{alice.UID}},
			{"AuthorAnswersComment", n2, []string{bob.UID}},
			{"AnswerToPostAuthor", n3, []string{alice.UID}},
			{"AnswerToSelf", n4, []string{alice.UID}},
			{"ThirdParty", n5, []string{bob.UID, alice.UID}},
			{"OwnPost", n6, nil},
			{"OwnPostOwnComment", n7, nil},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if !slices.Equal(tc.got, tc.want) {
					t.Fatalf("notified %v, want %v", tc.got, tc.want)
				}
			})
		}
		ns, _, _, err := s.Notifications(ctx, predict.NotificationFilter{UID: bob.UID, Page: 1, PageSize: 10})
		storetest.Must(t, err)
		if len(ns) != 2 || ns[0].Kind != predict.NotifyCommentReply || ns[0].Data[predict.NoteCommentID] != strconv.FormatInt(c5.ID, 10) ||
			ns[0].Data[predict.NoteReplyTo] != "comment" || ns[0].Data[predict.NoteAuthorUID] != carol.UID ||
			ns[0].Data[predict.NotePostID] != strconv.FormatInt(post.ID, 10) || ns[0].Data[predict.NoteMarket] != m.Address ||
			ns[1].Data[predict.NoteAuthorName] != "alice" {
			t.Fatalf("bob's notifications = %+v", ns)
		}

		list := func() ([]int64, int) {
			t.Helper()
			cs, total, err := s.Comments(ctx, predict.CommentFilter{PostID: post.ID, Page: 1, PageSize: 50})
			storetest.Must(t, err)
			return commentIDs(cs), total
		}
		count := func() int {
			t.Helper()
			p, err := s.PostByID(ctx, post.ID)
			storetest.Must(t, err)
			return p.CommentCount
		}
		if got, total := list(); !slices.Equal(got, []int64{c7.ID, c6.ID, c5.ID, c4.ID, c3.ID, c2.ID, c1.ID}) || total != 7 || count() != 7 {
			t.Fatalf("comments = %v (total %d, count %d)", got, total, count())
		}
		cs, total, err := s.Comments(ctx, predict.CommentFilter{PostID: post.ID, Page: 2, PageSize: 3})
		storetest.Must(t, err)
		if !slices.Equal(commentIDs(cs), []int64{c4.ID, c3.ID, c2.ID}) || total != 7 {
			t.Fatalf("second page = %v (total %d)", commentIDs(cs), total)
		}

		t.Run("ErrBadTarget", func(t *testing.T) {
			foreign, _, err := s.CreateComment(ctx, predict.NewComment{UID: alice.UID, PostID: otherPost.ID, Content: "hi"})
			storetest.Must(t, err)
			wantRefused(t, s, []refusedComment{
				{"UnknownPost", predict.NewComment{UID: bob.UID, PostID: 1 << 40, Content: "x"}, predict.ENOTFOUND},
				{"UnknownParent", predict.NewComment{UID: bob.UID, PostID: post.ID, ParentID: 1 << 40, Content: "x"}, predict.ENOTFOUND},
				{"ParentOfAnotherPost", predict.NewComment{UID: bob.UID, PostID: post.ID, ParentID: foreign.ID, Content: "x"}, predict.EINVALID},
			})
			_, _, err = s.Comments(ctx, predict.CommentFilter{PostID: 1 << 40, Page: 1, PageSize: 10})
			wantCode(t, err, predict.ENOTFOUND)
		})
		t.Run("HideComment", func(t *testing.T) {
			storetest.Must(t, s.SetCommentHidden(ctx, c3.ID, true))
			if got, total := list(); slices.Contains(got, c3.ID) || total != 6 || count() != 6 {
				t.Fatalf("comments with one hidden = %v (total %d, count %d)", got, total, count())
			}
			_, _, err := s.CreateComment(ctx, predict.NewComment{UID: carol.UID, PostID: post.ID, ParentID: c3.ID, Content: "x"})
			wantCode(t, err, predict.ENOTFOUND)
			got, err := s.CommentByID(ctx, c3.ID)
			storetest.Must(t, err)
			if !got.Hidden || got.ParentID != c2.ID {
				t.Fatalf("hidden comment = %+v", got)
			}
			storetest.Must(t, s.SetCommentHidden(ctx, c3.ID, false))
			if _, total := list(); total != 7 {
				t.Fatalf("comments after showing again: %d", total)
			}
		})
		t.Run("DeleteComment", func(t *testing.T) {
			storetest.Must(t, s.DeleteComment(ctx, c6.ID))
			if got, total := list(); slices.Contains(got, c6.ID) || total != 6 || count() != 6 {
				t.Fatalf("comments with one deleted = %v (total %d)", got, total)
			}
			wantCode(t, s.DeleteComment(ctx, c6.ID), predict.ENOTFOUND)
			wantCode(t, s.SetCommentHidden(ctx, c6.ID, true), predict.ENOTFOUND)
			_, err := s.CommentByID(ctx, 1<<40)
			wantCode(t, err, predict.ENOTFOUND)
		})
		t.Run("HiddenOrDeletedPost", func(t *testing.T) {
			storetest.Must(t, s.SetPostHidden(ctx, post.ID, true))
			_, _, err := s.Comments(ctx, predict.CommentFilter{PostID: post.ID, Page: 1, PageSize: 10})
			wantCode(t, err, predict.ENOTFOUND)
			_, _, err = s.CreateComment(ctx, predict.NewComment{UID: bob.UID, PostID: post.ID, Content: "x"})
			wantCode(t, err, predict.ENOTFOUND)
			storetest.Must(t, s.SetPostHidden(ctx, post.ID, false))
			storetest.Must(t, s.DeletePost(ctx, post.ID))
			_, _, err = s.Comments(ctx, predict.CommentFilter{PostID: post.ID, Page: 1, PageSize: 10})
			wantCode(t, err, predict.ENOTFOUND)
			// A comment of a deleted post can still be read by id (for
			// moderation), not listed.
			if got, err := s.CommentByID(ctx, c1.ID); err != nil || got.Deleted {
				t.Fatalf("comment of a deleted post = %+v, %v", got, err)
			}
		})
	})
}

var uuidV4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

func TestCommentThreadsAndLikes(t *testing.T) {
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, s *store.DB) {
		m := storetest.NewMarket(t, s, nil)
		alice := storetest.NewUser(t, s, func(p *predict.LoginParams) { p.UserName = "alice" })
		bob := storetest.NewUser(t, s, nil)
		post, err := s.PublishPost(ctx, predict.NewPost{UID: alice.UID, Market: m.Address, Title: "Who wins?", Content: "Discuss."})
		storetest.Must(t, err)
		if !uuidV4.MatchString(post.UUID) || post.Title != "Who wins?" || post.LikeCount != 0 || post.Liked {
			t.Fatalf("published post = %+v", post)
		}
		other, err := s.CreatePost(ctx, bob.UID, m.Address, "untitled")
		storetest.Must(t, err)
		if other.Title != "" || !uuidV4.MatchString(other.UUID) || other.UUID == post.UUID {
			t.Fatalf("post without a title = %+v", other)
		}

		comment := func(u *predict.User, nc predict.NewComment) *predict.Comment {
			t.Helper()
			nc.UID, nc.Content = u.UID, "text"
			if nc.PostID == 0 {
				nc.PostUUID = post.UUID
			}
			c, _, err := s.CreateComment(ctx, nc)
			storetest.Must(t, err)
			return c
		}
		root := comment(bob, predict.NewComment{})
		r1 := comment(alice, predict.NewComment{RootUUID: root.UUID})
		r2 := comment(bob, predict.NewComment{ParentID: r1.ID}) // predict's parentId: under r1's root
		r3 := comment(alice, predict.NewComment{RootUUID: root.UUID, ParentUUID: r2.UUID})
		root2 := comment(alice, predict.NewComment{PostID: post.ID})
		for _, tc := range []struct {
			name             string
			c                *predict.Comment
			root, parent     int64
			rootU, parentU   string
			postUUID, market string
		}{
			{"Root", root, 0, 0, "", "", post.UUID, m.Address},
			{"ReplyToRoot", r1, root.ID, root.ID, root.UUID, root.UUID, post.UUID, m.Address},
			{"ReplyByParentID", r2, root.ID, r1.ID, root.UUID, r1.UUID, post.UUID, m.Address},
			{"ReplyToReply", r3, root.ID, r2.ID, root.UUID, r2.UUID, post.UUID, m.Address},
		} {
			t.Run(tc.name, func(t *testing.T) {
				c := tc.c
				if c.RootID != tc.root || c.ParentID != tc.parent || c.RootUUID != tc.rootU || c.ParentUUID != tc.parentU ||
					c.PostUUID != tc.postUUID || c.PostID != post.ID || c.Market != tc.market || !uuidV4.MatchString(c.UUID) {
					t.Fatalf("comment = %+v", c)
				}
			})
		}

		list := func(f predict.CommentFilter) ([]*predict.Comment, int) {
			t.Helper()
			f.Page, f.PageSize = 1, 50
			cs, total, err := s.Comments(ctx, f)
			storetest.Must(t, err)
			return cs, total
		}
		t.Run("Listings", func(t *testing.T) {
			for _, tc := range []struct {
				name  string
				f     predict.CommentFilter
				want  []string
				count []int // ReplyCount of each
			}{
				{"RootsNewestFirst", predict.CommentFilter{PostUUID: post.UUID, RootsOnly: true}, []string{root2.UUID, root.UUID}, []int{0, 3}},
				{"RepliesOldestFirst", predict.CommentFilter{PostID: post.ID, RootUUID: root.UUID}, []string{r1.UUID, r2.UUID, r3.UUID}, []int{1, 1, 0}},
				{"FlatNewestFirst", predict.CommentFilter{PostID: post.ID}, []string{root2.UUID, r3.UUID, r2.UUID, r1.UUID, root.UUID}, []int{0, 0, 1, 1, 3}},
			} {
				t.Run(tc.name, func(t *testing.T) {
					cs, total := list(tc.f)
					var counts []int
					for _, c := range cs {
						counts = append(counts, c.ReplyCount)
					}
					if !slices.Equal(commentUUIDs(cs), tc.want) || total != len(tc.want) || !slices.Equal(counts, tc.count) {
						t.Fatalf("comments %v (total %d) replies %v, want %v replies %v", commentUUIDs(cs), total, counts, tc.want, tc.count)
					}
				})
			}
		})

		t.Run("ErrBadThread", func(t *testing.T) {
			foreign, _, err := s.CreateComment(ctx, predict.NewComment{UID: bob.UID, PostID: other.ID, Content: "x"})
			storetest.Must(t, err)
			refused := []refusedComment{
				{"UnknownPostUUID", predict.NewComment{PostUUID: "00000000-0000-4000-8000-000000000000"}, predict.ENOTFOUND},
				{"UnknownRoot", predict.NewComment{PostUUID: post.UUID, RootUUID: "00000000-0000-4000-8000-000000000000"}, predict.ENOTFOUND},
				{"UnknownParentUUID", predict.NewComment{PostUUID: post.UUID, ParentUUID: "00000000-0000-4000-8000-000000000000"}, predict.ENOTFOUND},
				{"RootIsReply", predict.NewComment{PostUUID: post.UUID, RootUUID: r1.UUID}, predict.EINVALID},
				{"RootOfAnotherPost", predict.NewComment{PostUUID: post.UUID, RootUUID: foreign.UUID}, predict.EINVALID},
				{"ParentOfAnotherPost", predict.NewComment{PostUUID: post.UUID, ParentUUID: foreign.UUID}, predict.EINVALID},
				{"ParentUnderAnotherRoot", predict.NewComment{PostUUID: post.UUID, RootUUID: root2.UUID, ParentUUID: r2.UUID}, predict.EINVALID},
				{"ParentIsAnotherRoot", predict.NewComment{PostUUID: post.UUID, RootUUID: root2.UUID, ParentUUID: root.UUID}, predict.EINVALID},
			}
			for i := range refused {
				refused[i].c.UID, refused[i].c.Content = alice.UID, "x"
			}
			wantRefused(t, s, refused)
			_, _, err = s.Comments(ctx, predict.CommentFilter{PostUUID: post.UUID, RootUUID: r1.UUID, Page: 1, PageSize: 5})
			wantCode(t, err, predict.EINVALID)
			_, _, err = s.Comments(ctx, predict.CommentFilter{PostUUID: post.UUID, RootUUID: foreign.UUID, Page: 1, PageSize: 5})
			wantCode(t, err, predict.EINVALID)
		})

		t.Run("Likes", func(t *testing.T) {
			for _, step := range []struct {
				uid   string
				kind  predict.ContentType
				uuid  string
				liked bool
				want  int
			}{
				{alice.UID, predict.ContentPost, post.UUID, true, 1},
				{alice.UID, predict.ContentPost, post.UUID, true, 1},
				{bob.UID, predict.ContentPost, post.UUID, true, 2},
				{bob.UID, predict.ContentPost, post.UUID, false, 1},
				{bob.UID, predict.ContentPost, post.UUID, false, 1},
				{bob.UID, predict.ContentComment, r1.UUID, true, 1},
			} {
				got, err := s.SetLiked(ctx, step.uid, step.kind, step.uuid, step.liked)
				storetest.Must(t, err)
				if got != step.want {
					t.Fatalf("SetLiked(%s, %d, %s, %t) = %d, want %d", step.uid, step.kind, step.uuid, step.liked, got, step.want)
				}
			}
			for _, who := range []struct {
				uid         string
				post, reply bool
			}{{alice.UID, true, false}, {bob.UID, false, true}, {"", false, false}} {
				ps, _, err := s.Posts(ctx, predict.PostFilter{Market: m.Address, Viewer: who.uid, Page: 1, PageSize: 10})
				storetest.Must(t, err)
				if len(ps) != 2 || ps[1].ID != post.ID || ps[1].LikeCount != 1 || ps[1].Liked != who.post || ps[0].LikeCount != 0 || ps[0].Liked {
					t.Fatalf("posts seen by %q = %+v %+v", who.uid, ps[0], ps[1])
				}
				cs, _, err := s.Comments(ctx, predict.CommentFilter{PostID: post.ID, RootUUID: root.UUID, Viewer: who.uid, Page: 1, PageSize: 10})
				storetest.Must(t, err)
				if cs[0].ID != r1.ID || cs[0].LikeCount != 1 || cs[0].Liked != who.reply || cs[1].LikeCount != 0 || cs[1].Liked {
					t.Fatalf("replies seen by %q = %+v %+v", who.uid, cs[0], cs[1])
				}
			}
			// Gone or hidden content, a comment of a hidden post, a
			// post's uuid given as a comment: not found.
			storetest.Must(t, s.SetCommentHidden(ctx, r3.ID, true))
			storetest.Must(t, s.DeleteComment(ctx, root2.ID))
			for _, tc := range []struct {
				name string
				kind predict.ContentType
				uuid string
			}{
				{"HiddenComment", predict.ContentComment, r3.UUID},
				{"DeletedComment", predict.ContentComment, root2.UUID},
				{"PostAsComment", predict.ContentComment, post.UUID},
				{"CommentAsPost", predict.ContentPost, r1.UUID},
			} {
				t.Run(tc.name, func(t *testing.T) {
					for _, liked := range []bool{true, false} {
						_, err := s.SetLiked(ctx, bob.UID, tc.kind, tc.uuid, liked)
						wantCode(t, err, predict.ENOTFOUND)
					}
				})
			}
			_, err := s.SetLiked(ctx, bob.UID, predict.ContentType(3), post.UUID, true)
			wantCode(t, err, predict.EINVALID)
			storetest.Must(t, s.SetPostHidden(ctx, post.ID, true))
			for _, tc := range []struct {
				kind predict.ContentType
				uuid string
			}{{predict.ContentPost, post.UUID}, {predict.ContentComment, r1.UUID}} {
				_, err := s.SetLiked(ctx, bob.UID, tc.kind, tc.uuid, true)
				wantCode(t, err, predict.ENOTFOUND)
			}
			storetest.Must(t, s.SetPostHidden(ctx, post.ID, false))
			// Likes survive moderation: the hidden reply keeps its own.
			storetest.Must(t, s.SetCommentHidden(ctx, r3.ID, false))
			if got, err := s.SetLiked(ctx, alice.UID, predict.ContentPost, post.UUID, true); err != nil || got != 1 {
				t.Fatalf("like after showing again = %d, %v", got, err)
			}
		})
	})
}

// TestCommunityThreadsMigration writes posts and comments with the schema
// before 0010_community_threads, then opens the store: every existing row
// gets its own version-4 uuid, and answers of any depth go under the root
// of their chain.
func TestCommunityThreadsMigration(t *testing.T) {
	ctx := context.Background()
	for _, d := range []struct{ name, driver string }{{store.DialectSQLite, "sqlite"}, {store.DialectPostgres, "pgx"}} {
		t.Run(d.name, func(t *testing.T) {
			dsn := storetest.SQLiteDSN(t)
			if d.name == store.DialectPostgres {
				dsn = storetest.PostgresDSN(t)
			}
			raw, err := sql.Open(d.driver, dsn)
			storetest.Must(t, err)
			defer raw.Close()
			exec := func(q string) {
				t.Helper()
				if _, err := raw.ExecContext(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			exec(`CREATE TABLE schema_migrations (version TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)`)
			dir := path.Join("migrations", d.name)
			entries, err := os.ReadDir(dir)
			storetest.Must(t, err)
			for _, e := range entries { // in name order
				version := strings.TrimSuffix(e.Name(), ".sql")
				if version >= "0010_community_threads" {
					break
				}
				b, err := os.ReadFile(path.Join(dir, e.Name()))
				storetest.Must(t, err)
				exec(string(b))
				exec(`INSERT INTO schema_migrations (version, applied_at) VALUES ('` + version + `', 0)`)
			}
			exec(`INSERT INTO users (uid, subject, invite_code, created_at, updated_at) VALUES ('u1', 'did:dev:u1', 'I1', 1, 1)`)
			exec(`INSERT INTO markets (address, title, status, base_token, end_time, created_at, updated_at)
				VALUES ('0x00000000000000000000000000000000000000aa', 'm', 'running', '0x00000000000000000000000000000000000000bb', 9, 1, 1)`)
			exec(`INSERT INTO posts (id, market, uid, content, hidden, deleted, created_at, updated_at)
				VALUES (1, '0x00000000000000000000000000000000000000aa', 'u1', 'p1', FALSE, FALSE, 1, 1),
				       (2, '0x00000000000000000000000000000000000000aa', 'u1', 'p2', FALSE, FALSE, 2, 2)`)
			// 10 ← 11 ← 12 ← 13 is one chain of answers; 14 and 20 are
			// comments on the posts; 15 answers 14.
			for _, c := range [][3]string{{"10", "1", "NULL"}, {"11", "1", "10"}, {"12", "1", "11"}, {"13", "1", "12"},
				{"14", "1", "NULL"}, {"15", "1", "14"}, {"20", "2", "NULL"}} {
				exec(`INSERT INTO comments (id, market, post_id, parent_id, uid, content, hidden, deleted, created_at, updated_at)
					VALUES (` + c[0] + `, '0x00000000000000000000000000000000000000aa', ` + c[1] + `, ` + c[2] + `, 'u1', 'c', FALSE, FALSE, ` + c[0] + `, 1)`)
			}
			raw.Close()

			s := storetest.Open(t, dsn)
			seen := map[string]bool{}
			for _, id := range []int64{1, 2} {
				p, err := s.PostByID(ctx, id)
				storetest.Must(t, err)
				if !uuidV4.MatchString(p.UUID) || seen[p.UUID] || p.Title != "" {
					t.Fatalf("post %d after the migration = %+v", id, p)
				}
				seen[p.UUID] = true
			}
			for _, want := range []struct{ id, root, parent int64 }{
				{10, 0, 0}, {11, 10, 10}, {12, 10, 11}, {13, 10, 12}, {14, 0, 0}, {15, 14, 14}, {20, 0, 0},
			} {
				c, err := s.CommentByID(ctx, want.id)
				storetest.Must(t, err)
				if c.RootID != want.root || c.ParentID != want.parent || !uuidV4.MatchString(c.UUID) || seen[c.UUID] {
					t.Fatalf("comment %d after the migration = %+v, want root %d parent %d", want.id, c, want.root, want.parent)
				}
				seen[c.UUID] = true
			}
			root, err := s.CommentByID(ctx, 10)
			storetest.Must(t, err)
			cs, total, err := s.Comments(ctx, predict.CommentFilter{PostID: 1, RootUUID: root.UUID, Page: 1, PageSize: 10})
			storetest.Must(t, err)
			if total != 3 || root.ReplyCount != 3 || len(cs) != 3 || cs[0].ID != 11 || cs[2].ID != 13 {
				t.Fatalf("thread of 10 = %+v (total %d, root replies %d)", cs, total, root.ReplyCount)
			}
		})
	}
}
