package wire

// Envelope is the shape of every JSON answer: on success code 0, an empty
// reason, msg "success" and the answer in data; on failure the error's
// code, reason and message, and data null (docs/errors.md).
type Envelope struct {
	Code   int    `json:"code"`
	Reason string `json:"reason"`
	Msg    string `json:"msg"`
	Data   any    `json:"data"`
}

// MsgSuccess is the msg of every successful answer.
const MsgSuccess = "success"

// Success wraps data in the success envelope.
func Success(data any) Envelope {
	return Envelope{Code: 0, Msg: MsgSuccess, Data: data}
}
