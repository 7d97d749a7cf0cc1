package cli

import (
	"fmt"
	"strconv"

	"github.com/predict-dev/predict/client"
)

// runPosts lists a market's posts, or writes one (--write).
func runPosts(x *cli, args []string) error {
	f := x.flags("posts", "MARKET")
	write := f.String("write", "", "post `TEXT` on the market")
	pg := pageFlags(f, "posts")
	_, c, m, err := x.parseMarket(f, args, 1, 1, *write != "")
	if err != nil {
		return err
	}
	if *write != "" {
		p, err := c.CreatePost(x.ctx, m.MarketAddress, *write)
		if err != nil {
			return err
		}
		if x.jsonOut {
			return x.printJSON(p)
		}
		fmt.Fprintf(x.stdout, "posted %d on %q\n", p.PostID, m.Title)
		return nil
	}
	res, err := c.GetPosts(x.ctx, client.PostsQuery{MarketAddress: m.MarketAddress, Page: pg.page, PageSize: pg.size})
	if err != nil {
		return err
	}
	none := fmt.Sprintf("no posts on page %d of %q (%s; predict posts MARKET --write TEXT)", pg.page, m.Title, plural(res.Total, "post"))
	return printList(x, res, res.Posts, none, "POST\tAUTHOR\tWHEN\tCOMMENTS\tTEXT", func(p client.Post) string {
		return fmt.Sprintf("%d\t%s\t%s\t%d\t%s", p.PostID, author(p.Author), when(p.CreatedAt.Time), p.CommentCount, oneLine(p.Content))
	}, pg.footer(res.Total, "post"))
}

// runComments lists a post's comments, or answers it (--write).
func runComments(x *cli, args []string) error {
	f := x.flags("comments", "POST")
	write := f.String("write", "", "answer the post with `TEXT`")
	reply := f.Int64("reply", 0, "with --write: answer this `COMMENT` of the post instead")
	pg := pageFlags(f, "comments")
	pos, err := x.parse(f, args, 1, 1)
	if err != nil {
		return err
	}
	post, err := strconv.ParseInt(pos[0], 10, 64)
	if err != nil || post <= 0 {
		return Usagef("comments: %q is not a post ID (predict posts MARKET lists them)", pos[0])
	}
	if *reply != 0 && *write == "" {
		return Usagef("comments: --reply answers with --write TEXT")
	}
	c, err := x.client(*write != "")
	if err != nil {
		return err
	}
	if *write != "" {
		cm, err := c.CreateComment(x.ctx, client.CreateCommentRequest{PostID: post, ParentID: *reply, Content: *write})
		if err != nil {
			return err
		}
		if x.jsonOut {
			return x.printJSON(cm)
		}
		fmt.Fprintf(x.stdout, "commented %d on post %d\n", cm.CommentID, post)
		return nil
	}
	res, err := c.GetComments(x.ctx, client.CommentsQuery{PostID: post, Page: pg.page, PageSize: pg.size})
	if err != nil {
		return err
	}
	none := fmt.Sprintf("no comments on page %d of post %d (%s)", pg.page, post, plural(res.Total, "comment"))
	return printList(x, res, res.Comments, none, "COMMENT\tAUTHOR\tWHEN\tANSWERS\tTEXT", func(cm client.Comment) string {
		answers := "the post"
		if cm.ParentID != 0 {
			answers = fmt.Sprintf("comment %d", cm.ParentID)
		}
		return fmt.Sprintf("%d\t%s\t%s\t%s\t%s", cm.CommentID, author(cm.Author), when(cm.CreatedAt.Time), answers, oneLine(cm.Content))
	}, pg.footer(res.Total, "comment"))
}

// author names the author of a post or comment.
func author(a client.Author) string {
	if a.Name != "" {
		return a.Name
	}
	return a.UID
}
