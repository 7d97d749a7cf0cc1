package client_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/store/storetest"
)

// TestCommunityAndNotifications: a post, answers to it and to a comment,
// the notifications they make, moderation and deletion.
func TestCommunityAndNotifications(t *testing.T) {
	e := newEnv(t, envConfig{noEvents: true})
	ctx := context.Background()
	market := storetest.NewMarket(t, e.store, nil).Address
	root, _ := e.user(rootSubject)
	alice, aliceUID := e.login("did:dev:alice", storetest.Address())
	bob, bobUID := e.login("did:dev:bob", storetest.Address())
	anonymous := e.client()

	post, err := alice.CreatePost(ctx, market, "  Rain looks likely.\r\nThoughts?  ")
	if err != nil {
		t.Fatal(err)
	}
	if post.PostID <= 0 || post.Content != "Rain looks likely.\nThoughts?" || post.Author.UID != aliceUID ||
		post.Author.Name != "alice" || post.MarketAddress != market || post.CreatedAt.IsZero() {
		t.Fatalf("post %+v", post)
	}
	answer, err := bob.CreateComment(ctx, client.CreateCommentRequest{PostID: post.PostID, Content: "Not in August."})
	if err != nil {
		t.Fatal(err)
	}
	reply, err := alice.CreateComment(ctx, client.CreateCommentRequest{PostID: post.PostID, ParentID: answer.CommentID, Content: "We'll see."})
	if err != nil {
		t.Fatal(err)
	}
	if answer.ParentID != 0 || reply.ParentID != answer.CommentID || reply.PostID != post.PostID || answer.Author.UID != bobUID {
		t.Fatalf("comments %+v, %+v", answer, reply)
	}

	t.Run("Lists", func(t *testing.T) {
		posts, err := anonymous.GetPosts(ctx, client.PostsQuery{MarketAddress: market})
		if err != nil || posts.Total != 1 || posts.Posts[0].PostID != post.PostID || posts.Posts[0].CommentCount != 2 {
			t.Fatalf("posts %+v, %v", posts, err)
		}
		comments, err := anonymous.GetComments(ctx, client.CommentsQuery{PostID: post.PostID})
		if err != nil || comments.Total != 2 || comments.Comments[0].CommentID != reply.CommentID {
			t.Fatalf("comments (newest first) %+v, %v", comments, err)
		}
	})

	t.Run("Notifications", func(t *testing.T) {
		// Bob answered Alice's post; Alice answered Bob's comment.
		page, err := alice.GetNotifications(ctx, client.NotificationsQuery{})
		if err != nil {
			t.Fatal(err)
		}
		if page.Total != 1 || page.UnreadCount != 1 || page.Notifications[0].Kind != client.NotificationCommentReply ||
			page.Notifications[0].Read || page.Notifications[0].Data["authorUid"] != bobUID || page.Notifications[0].Data["replyTo"] != "post" {
			t.Fatalf("alice's notifications %+v", page)
		}
		bobs, err := bob.GetNotifications(ctx, client.NotificationsQuery{UnreadOnly: true})
		if err != nil || bobs.Total != 1 || bobs.Notifications[0].Data["replyTo"] != "comment" {
			t.Fatalf("bob's notifications %+v, %v", bobs, err)
		}
		read, err := alice.ReadNotifications(ctx, page.Notifications[0].ID)
		if err != nil || read.Changed != 1 || read.UnreadCount != 0 {
			t.Fatalf("read one: %+v, %v", read, err)
		}
		if read, err = bob.ReadNotifications(ctx); err != nil || read.Changed != 1 || read.UnreadCount != 0 {
			t.Fatalf("read all: %+v, %v", read, err)
		}
		if page, err = alice.GetNotifications(ctx, client.NotificationsQuery{UnreadOnly: true}); err != nil || page.Total != 0 {
			t.Fatalf("alice's unread after reading: %+v, %v", page, err)
		}
		if _, err := anonymous.GetNotifications(ctx, client.NotificationsQuery{}); !errors.Is(err, client.ErrAuth) {
			t.Fatalf("notifications without a token: %v", err)
		}
		many := make([]int64, client.MaxReadIDs+1)
		for i := range many {
			many[i] = int64(i + 1)
		}
		if _, err := alice.ReadNotifications(ctx, many...); !errors.Is(err, client.ErrParam) {
			t.Fatalf("reading %d ids: %v", len(many), err)
		}
	})

	t.Run("Validation", func(t *testing.T) {
		if _, err := alice.CreatePost(ctx, market, strings.Repeat("x", client.MaxPostLength+1)); !errors.Is(err, client.ErrParam) {
			t.Fatalf("overlong post: %v", err)
		}
		if _, err := alice.CreatePost(ctx, storetest.Address(), "hello"); !errors.Is(err, client.ErrNotFound) {
			t.Fatalf("post on an unknown market: %v", err)
		}
		if _, err := anonymous.CreatePost(ctx, market, "hello"); !errors.Is(err, client.ErrAuth) {
			t.Fatalf("post without a token: %v", err)
		}
	})

	t.Run("Moderation", func(t *testing.T) {
		if _, err := bob.HidePost(ctx, post.PostID, true); !errors.Is(err, client.ErrForbidden) {
			t.Fatalf("hide by a non-admin: %v", err)
		}
		m, err := root.HideComment(ctx, answer.CommentID, true)
		if err != nil || m.ID != answer.CommentID || !m.Hidden {
			t.Fatalf("hide comment: %+v, %v", m, err)
		}
		if c, err := anonymous.GetComments(ctx, client.CommentsQuery{PostID: post.PostID}); err != nil || c.Total != 1 {
			t.Fatalf("comments after hiding one: %+v, %v", c, err)
		}
		if m, err = root.HidePost(ctx, post.PostID, true); err != nil || !m.Hidden {
			t.Fatalf("hide post: %+v, %v", m, err)
		}
		if p, err := anonymous.GetPosts(ctx, client.PostsQuery{MarketAddress: market}); err != nil || p.Total != 0 {
			t.Fatalf("posts after hiding: %+v, %v", p, err)
		}
		if _, err := anonymous.GetComments(ctx, client.CommentsQuery{PostID: post.PostID}); !errors.Is(err, client.ErrNotFound) {
			t.Fatalf("comments of a hidden post: %v", err)
		}
		if m, err = root.HidePost(ctx, post.PostID, false); err != nil || m.Hidden {
			t.Fatalf("show post again: %+v, %v", m, err)
		}
	})

	t.Run("Delete", func(t *testing.T) {
		if err := bob.DeleteComment(ctx, reply.CommentID); !errors.Is(err, client.ErrForbidden) {
			t.Fatalf("delete another's comment: %v", err)
		}
		if err := alice.DeleteComment(ctx, reply.CommentID); err != nil {
			t.Fatal(err)
		}
		if err := alice.DeleteComment(ctx, reply.CommentID); !errors.Is(err, client.ErrNotFound) {
			t.Fatalf("delete twice: %v", err)
		}
		if err := bob.DeletePost(ctx, post.PostID); !errors.Is(err, client.ErrForbidden) {
			t.Fatalf("delete another's post: %v", err)
		}
		if err := root.DeletePost(ctx, post.PostID); err != nil {
			t.Fatal(err)
		}
		if p, err := anonymous.GetPosts(ctx, client.PostsQuery{MarketAddress: market}); err != nil || p.Total != 0 {
			t.Fatalf("posts after deletion: %+v, %v", p, err)
		}
	})
}

// TestThreadsAndLikes: a titled post, a thread by uuid and likes, through
// the Go client.
func TestThreadsAndLikes(t *testing.T) {
	e := newEnv(t, envConfig{noEvents: true})
	ctx := context.Background()
	market := storetest.NewMarket(t, e.store, nil).Address
	alice, _ := e.login("did:dev:alice", storetest.Address())
	bob, bobUID := e.login("did:dev:bob", storetest.Address())
	anonymous := e.client()

	post, err := alice.PublishPost(ctx, market, "Rain?", "Rain looks likely.")
	if err != nil || post.PostUUID == "" || post.Title != "Rain?" {
		t.Fatalf("publish: %+v, %v", post, err)
	}
	root, err := bob.CreateComment(ctx, client.CreateCommentRequest{PostUUID: post.PostUUID, Content: "Not in August."})
	if err != nil || root.RootUUID != "" || root.PostID != post.PostID {
		t.Fatalf("root comment: %+v, %v", root, err)
	}
	reply, err := alice.CreateComment(ctx, client.CreateCommentRequest{PostUUID: post.PostUUID, RootUUID: root.CommentUUID, Content: "We'll see."})
	if err != nil || reply.RootUUID != root.CommentUUID || reply.ParentID != root.CommentID {
		t.Fatalf("reply: %+v, %v", reply, err)
	}
	if l, err := alice.LikeContent(ctx, client.ContentComment, root.CommentUUID); err != nil || !l.IsLiked || l.LikesCount != 1 {
		t.Fatalf("like: %+v, %v", l, err)
	}
	if l, err := alice.LikeContent(ctx, client.ContentPost, post.PostUUID); err != nil || l.LikesCount != 1 {
		t.Fatalf("like post: %+v, %v", l, err)
	}
	if l, err := alice.UnlikeContent(ctx, client.ContentPost, post.PostUUID); err != nil || l.IsLiked || l.LikesCount != 0 {
		t.Fatalf("unlike post: %+v, %v", l, err)
	}

	roots, err := alice.GetComments(ctx, client.CommentsQuery{PostUUID: post.PostUUID})
	if err != nil || roots.Total != 1 || roots.Comments[0].CommentUUID != root.CommentUUID || !roots.Comments[0].IsLiked ||
		roots.Comments[0].LikesCount != 1 || roots.Comments[0].RepliesCount != 1 || roots.Comments[0].Author.UID != bobUID {
		t.Fatalf("roots: %+v, %v", roots, err)
	}
	thread, err := anonymous.GetComments(ctx, client.CommentsQuery{PostUUID: post.PostUUID, RootUUID: root.CommentUUID})
	if err != nil || thread.Total != 1 || thread.Comments[0].CommentID != reply.CommentID {
		t.Fatalf("thread: %+v, %v", thread, err)
	}
	flat, err := anonymous.GetComments(ctx, client.CommentsQuery{PostID: post.PostID})
	if err != nil || flat.Total != 2 || flat.Comments[0].IsLiked {
		t.Fatalf("flat: %+v, %v", flat, err)
	}
	posts, err := bob.GetPosts(ctx, client.PostsQuery{MarketAddress: market})
	if err != nil || posts.Total != 1 || posts.Posts[0].PostUUID != post.PostUUID || posts.Posts[0].Title != "Rain?" || posts.Posts[0].LikesCount != 0 {
		t.Fatalf("posts: %+v, %v", posts, err)
	}

	if _, err := alice.PublishPost(ctx, market, "", "no title"); !errors.Is(err, client.ErrParam) {
		t.Fatalf("publish without a title: %v", err)
	}
	if _, err := anonymous.LikeContent(ctx, client.ContentPost, post.PostUUID); !errors.Is(err, client.ErrAuth) {
		t.Fatalf("like without a token: %v", err)
	}
	if _, err := bob.LikeContent(ctx, client.ContentComment, post.PostUUID); !errors.Is(err, client.ErrNotFound) {
		t.Fatalf("like a post as a comment: %v", err)
	}
}
