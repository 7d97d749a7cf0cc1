package client_test

import (
	"context"
	"errors"
	"testing"

	"github.com/predict-dev/predict/client"
	"github.com/predict-dev/predict/internal/store/storetest"
)

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
