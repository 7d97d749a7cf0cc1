package store_test

import (
	"context"
	"slices"
	"strconv"
	"testing"

	"github.com/predict-dev/predict"
	"github.com/predict-dev/predict/internal/store"
	"github.com/predict-dev/predict/internal/store/storetest"
)

func postIDs(ps []*predict.Post) []int64 {
	out := []int64{}
	for _, p := range ps {
		out = append(out, p.ID)
	}
	return out
}

func commentIDs(cs []*predict.Comment) []int64 {
	out := []int64{}
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
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
			for _, tc := range []struct {
				name string
				c    predict.NewComment
				code string
			}{
				{"UnknownPost", predict.NewComment{UID: bob.UID, PostID: 1 << 40, Content: "x"}, predict.ENOTFOUND},
				{"UnknownParent", predict.NewComment{UID: bob.UID, PostID: post.ID, ParentID: 1 << 40, Content: "x"}, predict.ENOTFOUND},
				{"ParentOfAnotherPost", predict.NewComment{UID: bob.UID, PostID: post.ID, ParentID: foreign.ID, Content: "x"}, predict.EINVALID},
			} {
				t.Run(tc.name, func(t *testing.T) {
					_, _, err := s.CreateComment(ctx, tc.c)
					wantCode(t, err, tc.code)
				})
			}
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
