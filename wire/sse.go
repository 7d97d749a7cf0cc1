package wire

// ConnectRequest is the optional body of POST /api/v1/sse/connect: the
// market topics to subscribe the new stream to (a GET sends them as
// ?topics=a,b).
type ConnectRequest struct {
	Topics []string `json:"topics"`
}

// Subscriptions is both the body of POST /api/v1/sse/subscribe and
// unsubscribe (the stream and the topics to add or remove) and their
// answer (every topic the stream is subscribed to after the change).
type Subscriptions struct {
	ConnectionID string   `json:"connection_id"`
	Topics       []string `json:"topics"`
}
